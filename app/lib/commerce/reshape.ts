import { isEarlyAccess } from "./early-access";
import type {
  CollectionDetailFragment,
  CollectionProductFragment,
  FileReferencesFragment,
  ImageFragment,
  MoneyFragment,
  ProductDetailFragment,
  ProductSummaryFragment,
  VariantFragment,
} from "./storefront-types.generated";
import type {
  Collection,
  CollectionProduct,
  FileReference,
  Image,
  Money,
  PriceRange,
  Product,
  ProductVariant,
  SearchResult,
} from "./types";

// The one place Storefront API shapes become the app's (types.ts).

type Connection<T> = { nodes: T[] } | { edges: { node: T }[] };

/** A connection's nodes, whichever of `nodes` or `edges` the operation selected. */
export function flattenConnection<T>(connection: Connection<T> | null | undefined): T[] {
  if (!connection) return [];
  return "nodes" in connection ? connection.nodes : connection.edges.map((edge) => edge.node);
}

export function reshapeMoney(money: MoneyFragment): Money {
  return { amount: Number(money.amount).toFixed(2), currencyCode: money.currencyCode };
}

function reshapePriceRange(range: {
  minVariantPrice: MoneyFragment;
  maxVariantPrice: MoneyFragment;
}): PriceRange {
  return { min: reshapeMoney(range.minVariantPrice), max: reshapeMoney(range.maxVariantPrice) };
}

/** Shopify answers 0.0 when no variant has a compare-at price; the app says null. */
function reshapeCompareAtPriceRange(range: {
  minVariantPrice: MoneyFragment;
  maxVariantPrice: MoneyFragment;
}): PriceRange | null {
  return Number(range.maxVariantPrice.amount) > 0 ? reshapePriceRange(range) : null;
}

export function reshapeImage(image: ImageFragment): Image {
  return {
    id: image.id,
    url: image.url,
    altText: image.altText,
    width: image.width,
    height: image.height,
  };
}

function reshapeFiles(metafield: FileReferencesFragment | null): FileReference[] {
  return flattenConnection(metafield?.references).flatMap((reference) =>
    reference.__typename === "GenericFile" && reference.url
      ? [
          {
            id: reference.id,
            url: reference.url,
            alt: reference.alt,
            originalFileSize: reference.originalFileSize,
            mimeType: reference.mimeType,
          },
        ]
      : [],
  );
}

function isTrue(metafield: { value: string } | null): boolean {
  return metafield?.value === "true";
}

export function reshapeVariant(variant: VariantFragment): ProductVariant {
  return {
    id: variant.id,
    title: variant.title,
    sku: variant.sku,
    inventoryQuantity: variant.quantityAvailable,
    availableForSale: variant.availableForSale,
    currentlyNotInStock: variant.currentlyNotInStock,
    price: reshapeMoney(variant.price),
    compareAtPrice: variant.compareAtPrice ? reshapeMoney(variant.compareAtPrice) : null,
    selectedOptions: variant.selectedOptions.map(({ name, value }) => ({ name, value })),
    image: variant.image ? reshapeImage(variant.image) : null,
  };
}

export function reshapeProduct(product: ProductDetailFragment): Product {
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    description: product.description,
    descriptionHtml: product.descriptionHtml,
    vendor: product.vendor,
    productType: product.productType,
    availableForSale: product.availableForSale,
    totalInventory: product.totalInventory,
    tags: product.tags,
    createdAt: product.createdAt,
    seo: { title: product.seo.title, description: product.seo.description },
    images: flattenConnection(product.images).map(reshapeImage),
    options: product.options.map((option) => ({
      id: option.id,
      name: option.name,
      values: option.optionValues.map((value) => value.name),
    })),
    variants: flattenConnection(product.variants).map(reshapeVariant),
    priceRange: reshapePriceRange(product.priceRange),
    compareAtPriceRange: reshapeCompareAtPriceRange(product.compareAtPriceRange),
    downloads: reshapeFiles(product.downloads),
    directions: reshapeFiles(product.directions),
    requestAQuote: isTrue(product.requestAQuote),
    quantityTicker: isTrue(product.quantityTicker),
    collection: flattenConnection(product.collections)[0] ?? null,
  };
}

export function reshapeCollectionProduct(product: CollectionProductFragment): CollectionProduct {
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    descriptionHtml: product.descriptionHtml,
    vendor: product.vendor,
    productType: product.productType,
    createdAt: product.createdAt,
    availableForSale: product.availableForSale,
    tags: product.tags,
    requestAQuote: isTrue(product.requestAQuote),
    images: flattenConnection(product.images).map(reshapeImage),
    variants: flattenConnection(product.variants).map(reshapeVariant),
    priceRange: reshapePriceRange(product.priceRange),
    compareAtPriceRange: reshapeCompareAtPriceRange(product.compareAtPriceRange),
  };
}

/**
 * A page of `pageSize` released products (product §6). The operation asked for a few more than
 * the page shows, so leaving out early-access products still fills it; the page then ends at the
 * cursor of the last product it shows, and the next page starts right after it.
 */
export function reshapeCollection(
  collection: CollectionDetailFragment,
  pageSize: number,
): Collection {
  const { edges, pageInfo } = collection.products;
  const shown = edges.filter((edge) => !isEarlyAccess(edge.node));
  const page = shown.slice(0, pageSize);
  return {
    id: collection.id,
    handle: collection.handle,
    title: collection.title,
    description: collection.description,
    descriptionHtml: collection.descriptionHtml,
    seo: { title: collection.seo.title, description: collection.seo.description },
    image: collection.image ? reshapeImage(collection.image) : null,
    products: page.map((edge) => reshapeCollectionProduct(edge.node)),
    pageInfo:
      shown.length > pageSize
        ? { hasNextPage: true, endCursor: page.at(-1)?.cursor ?? null }
        : { hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor },
  };
}

export function reshapeSearchResult(product: ProductSummaryFragment): SearchResult {
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    vendor: product.vendor,
    productType: product.productType,
    availableForSale: product.availableForSale,
    image: product.featuredImage ? reshapeImage(product.featuredImage) : null,
    priceRange: reshapePriceRange(product.priceRange),
  };
}
