import type { CartBook } from "./carts";
import type { Catalog, CatalogCollection, CatalogFile, CatalogProduct } from "./catalog";
import type {
  CatalogNode,
  CatalogStore,
  CollectionNode,
  FileNode,
  LocationNode,
  MoneyNode,
  ProductNode,
  ShopNode,
} from "./nodes";
import { renderFilePdf } from "./pdf";
import { indexProduct } from "./search";

// The catalogue reshaped once into the node objects of nodes.ts. Fields that take arguments or
// need the request (absolute URLs) get resolvers in resolvers/.

/** What the emulator's resolvers read and write. */
export interface StorefrontStore {
  readonly catalog: CatalogStore;
  readonly carts: CartBook;
}

export function gid(type: string, id: number | string): string {
  return `gid://shopify/${type}/${id}`;
}

export function parseGid(value: string): { type: string; id: string } | undefined {
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/([^/?]+)/.exec(value);
  return match?.[1] && match[2] ? { type: match[1], id: match[2] } : undefined;
}

/** Shopify serialises Decimal without trailing zeros but with at least one decimal: "19.9". */
export function shopifyDecimal(amount: string | number): string {
  const text = String(Number(amount));
  return text.includes(".") ? text : `${text}.0`;
}

export function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|li|h\d|div)>/gi, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

// Generated images are square; the size only has to be plausible for layout.
const IMAGE_SIZE = 800;
const NOT_SHIPPED_TYPES = new Set(["Online Course", "Local Course"]);

function availability(inventory: number | null, policy: "deny" | "continue") {
  const inStock = inventory === null || inventory > 0;
  return {
    availableForSale: inStock || policy === "continue",
    currentlyNotInStock: !inStock && policy === "continue",
  };
}

function summariseStock(product: ProductNode): void {
  product.availableForSale = product.variants.some((variant) => variant.availableForSale);
  product.totalInventory = product.variants.reduce(
    (sum, variant) => sum + (variant.quantityAvailable ?? 0),
    0,
  );
}

export function createCatalogStore(catalog: Catalog): CatalogStore {
  const currencyCode = catalog.shop.currencyCode;
  const money = (amount: string | number): MoneyNode => ({
    amount: shopifyDecimal(amount),
    currencyCode,
  });

  const files = new Map<string, FileNode>(
    catalog.files.map((file: CatalogFile) => {
      const bytes = renderFilePdf(file.title, file.lines);
      return [
        file.filename,
        {
          __typename: "GenericFile",
          id: gid("GenericFile", file.id),
          path: `files/${file.filename}`,
          alt: file.title,
          mimeType: "application/pdf",
          originalFileSize: bytes.byteLength,
          previewImage: null,
          filename: file.filename,
          bytes,
        },
      ];
    }),
  );

  const collections = catalog.collections.map(
    (collection: CatalogCollection): CollectionNode => ({
      __typename: "Collection",
      id: gid("Collection", collection.id),
      numericId: collection.id,
      handle: collection.handle,
      title: collection.title,
      descriptionHtml: collection.descriptionHtml,
      descriptionText: htmlToText(collection.descriptionHtml),
      updatedAt: collection.updatedAt,
      onlineStoreUrl: null,
      seo: { title: null, description: null },
      imageNode: collection.image
        ? {
            __typename: "Image",
            id: gid("CollectionImage", collection.id),
            path: `images/collections/${collection.handle}.svg`,
            altText: collection.image.altText,
            width: IMAGE_SIZE,
            height: IMAGE_SIZE,
          }
        : null,
      productList: [],
    }),
  );
  const collectionsByHandle = new Map(collections.map((c) => [c.handle, c]));

  let metafieldSequence = 0;
  const products = catalog.products.map((record) => {
    const product = buildProduct(record);
    for (const handle of record.collections) {
      const collection = collectionsByHandle.get(handle);
      if (collection) {
        collection.productList.push(product);
        product.collectionList.push(collection);
      }
    }
    return product;
  });

  function buildProduct(record: CatalogProduct): ProductNode {
    const prices = record.variants.map((variant) => Number(variant.price));
    const compareAtPrices = record.variants
      .map((variant) => (variant.compareAtPrice ? Number(variant.compareAtPrice) : undefined))
      .filter((price): price is number => price !== undefined);
    const descriptionText = htmlToText(record.descriptionHtml);

    const product: ProductNode = {
      __typename: "Product",
      id: gid("Product", record.id),
      numericId: record.id,
      handle: record.handle,
      title: record.title,
      vendor: record.vendor,
      productType: record.productType,
      tags: record.tags,
      descriptionHtml: record.descriptionHtml,
      descriptionText,
      createdAt: record.createdAt,
      updatedAt: record.createdAt,
      publishedAt: record.createdAt,
      availableForSale: false,
      totalInventory: 0,
      isGiftCard: false,
      requiresSellingPlan: false,
      onlineStoreUrl: null,
      seo: { title: record.seo?.title ?? null, description: record.seo?.description ?? null },
      priceRange: {
        minVariantPrice: money(Math.min(...prices)),
        maxVariantPrice: money(Math.max(...prices)),
      },
      // Shopify answers 0.0 when no variant has a compare-at price.
      compareAtPriceRange: {
        minVariantPrice: money(compareAtPrices.length ? Math.min(...compareAtPrices) : 0),
        maxVariantPrice: money(compareAtPrices.length ? Math.max(...compareAtPrices) : 0),
      },
      minPrice: Math.min(...prices),
      unitsSold: record.unitsSold,
      options: [],
      variants: [],
      images: record.images.map((image, index) => ({
        __typename: "Image",
        id: gid("ProductImage", `${record.id}${String(index + 1).padStart(2, "0")}`),
        path: `images/products/${record.handle}/${index + 1}.svg`,
        altText: image.altText,
        width: IMAGE_SIZE,
        height: IMAGE_SIZE,
      })),
      metafieldList: [],
      collectionList: [],
      search: indexProduct(record, descriptionText),
    };

    product.variants = record.variants.map((variant) => {
      return {
        __typename: "ProductVariant",
        id: gid("ProductVariant", variant.id),
        title: variant.options.join(" / "),
        sku: variant.sku,
        barcode: null,
        price: money(variant.price),
        compareAtPrice: variant.compareAtPrice ? money(variant.compareAtPrice) : null,
        quantityAvailable: variant.inventory,
        inventoryPolicy: variant.inventoryPolicy,
        ...availability(variant.inventory, variant.inventoryPolicy),
        requiresShipping: !NOT_SHIPPED_TYPES.has(record.productType),
        taxable: true,
        weight: null,
        weightUnit: "KILOGRAMS",
        selectedOptions: variant.options.map((value, index) => ({
          name: record.options[index]?.name ?? "",
          value,
        })),
        product,
        imageIndex: variant.image,
      };
    });
    summariseStock(product);

    product.options = record.options.map((option, optionIndex) => ({
      __typename: "ProductOption",
      id: gid("ProductOption", `${record.id}${optionIndex + 1}`),
      name: option.name,
      values: option.values,
      optionValues: option.values.map((value, valueIndex) => {
        const withValue = product.variants.filter(
          (variant) => variant.selectedOptions[optionIndex]?.value === value,
        );
        return {
          __typename: "ProductOptionValue",
          id: gid("ProductOptionValue", `${record.id}${optionIndex + 1}${valueIndex + 1}`),
          name: value,
          swatch: null,
          firstSelectableVariant:
            withValue.find((variant) => variant.availableForSale) ?? withValue[0] ?? null,
        };
      }),
    }));

    const metafield = (key: string, type: string, value: string, fileList: FileNode[] = []) => {
      product.metafieldList.push({
        __typename: "Metafield",
        id: gid("Metafield", 7_700_000 + ++metafieldSequence),
        namespace: "custom",
        key,
        type,
        value,
        description: null,
        createdAt: record.createdAt,
        updatedAt: record.createdAt,
        files: fileList,
        parentResource: product,
      });
    };
    for (const key of ["downloads", "directions"] as const) {
      const names = record.metafields[key];
      if (!names?.length) continue;
      const fileList = names.flatMap((name) => files.get(name) ?? []);
      metafield(key, "list.file_reference", JSON.stringify(fileList.map((f) => f.id)), fileList);
    }
    for (const key of ["request_a_quote", "quantity_ticker"] as const) {
      const flag = record.metafields[key];
      if (flag !== undefined) metafield(key, "boolean", String(flag));
    }

    return product;
  }

  const shop: ShopNode = {
    __typename: "Shop",
    id: gid("Shop", catalog.shop.id),
    name: catalog.shop.name,
    description: catalog.shop.description,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Shopify's money format, literally
    moneyFormat: "${{amount}}",
    primaryDomain: { ...catalog.shop.primaryDomain, sslEnabled: true },
    shipsToCountries: ["AU"],
    paymentSettings: {
      countryCode: "AU",
      currencyCode,
      acceptedCardBrands: ["VISA", "MASTERCARD", "AMERICAN_EXPRESS"],
      enabledPresentmentCurrencies: [currencyCode],
      supportedDigitalWallets: [],
    },
  };

  const locations: LocationNode[] = catalog.shop.pickupLocations.map((location) => ({
    __typename: "Location",
    id: gid("Location", location.id),
    name: location.name,
    address: {
      ...location,
      country: "Australia",
      countryCode: "AU",
      formatted: [
        [location.address2, location.address1].filter(Boolean).join("/"),
        `${location.city} ${location.provinceCode} ${location.zip}`,
        "Australia",
      ],
      latitude: null,
      longitude: null,
    },
  }));

  const byGid = new Map<string, CatalogNode>();
  byGid.set(shop.id, shop);
  for (const collection of collections) byGid.set(collection.id, collection);
  for (const file of files.values()) byGid.set(file.id, file);
  for (const product of products) {
    byGid.set(product.id, product);
    for (const variant of product.variants) byGid.set(variant.id, variant);
  }
  const productsByHandle = new Map(products.map((product) => [product.handle, product]));

  return {
    reduceStock(variantId, quantity) {
      const variant = byGid.get(variantId);
      if (variant?.__typename !== "ProductVariant" || variant.quantityAvailable === null) {
        return undefined;
      }
      const left = variant.quantityAvailable - quantity;
      // Shopify lets a "continue" variant go below zero; a "deny" one stops at zero.
      variant.quantityAvailable = variant.inventoryPolicy === "continue" ? left : Math.max(left, 0);
      Object.assign(variant, availability(variant.quantityAvailable, variant.inventoryPolicy));
      summariseStock(variant.product);
      return variant;
    },
    renameProduct(handle, title) {
      const product = productsByHandle.get(handle);
      if (!product) return undefined;
      product.title = title;
      product.updatedAt = new Date().toISOString();
      return product;
    },
    deleteProduct(handle) {
      const product = productsByHandle.get(handle);
      if (!product) return undefined;
      productsByHandle.delete(handle);
      products.splice(products.indexOf(product), 1);
      byGid.delete(product.id);
      for (const variant of product.variants) byGid.delete(variant.id);
      for (const collection of product.collectionList) {
        collection.productList = collection.productList.filter((listed) => listed !== product);
      }
      return product;
    },
    renameCollection(handle, title) {
      const collection = collectionsByHandle.get(handle);
      if (!collection) return undefined;
      collection.title = title;
      collection.updatedAt = new Date().toISOString();
      return collection;
    },
    shop,
    locations,
    products,
    collections,
    productByHandle: (handle) => productsByHandle.get(handle),
    collectionByHandle: (handle) => collectionsByHandle.get(handle),
    fileByName: (filename) => files.get(filename),
    node: (id) => byGid.get(id),
  };
}
