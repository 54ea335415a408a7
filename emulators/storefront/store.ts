import type { CartBook } from "./carts";
import type { Catalog, CatalogCollection, CatalogFile, CatalogProduct } from "./catalog";
import { renderFilePdf } from "./pdf";
import { indexProduct, type ProductSearchIndex } from "./search";

// The catalogue reshaped once into objects shaped like the Storefront API's types, so
// graphql-js's default resolvers read most fields straight off them. Fields that take
// arguments or need the request (absolute URLs) get resolvers in resolvers.ts.

export interface MoneyNode {
  amount: string;
  currencyCode: string;
}

export interface ImageNode {
  __typename: "Image";
  id: string;
  /** Below the emulator's mount point; resolvers turn it into an absolute URL. */
  path: string;
  altText: string | null;
  width: number;
  height: number;
}

export interface FileNode {
  __typename: "GenericFile";
  id: string;
  path: string;
  alt: string;
  mimeType: "application/pdf";
  originalFileSize: number;
  previewImage: null;
  filename: string;
  bytes: Uint8Array;
}

export interface MetafieldNode {
  __typename: "Metafield";
  id: string;
  namespace: string;
  key: string;
  type: string;
  value: string;
  description: null;
  createdAt: string;
  updatedAt: string;
  files: FileNode[];
  parentResource: ProductNode;
}

export interface OptionValueNode {
  __typename: "ProductOptionValue";
  id: string;
  name: string;
  swatch: null;
  firstSelectableVariant: VariantNode | null;
}

export interface OptionNode {
  __typename: "ProductOption";
  id: string;
  name: string;
  optionValues: OptionValueNode[];
  values: string[];
}

export interface VariantNode {
  __typename: "ProductVariant";
  id: string;
  title: string;
  sku: string;
  barcode: null;
  price: MoneyNode;
  compareAtPrice: MoneyNode | null;
  quantityAvailable: number | null;
  /** Not in the Storefront API; carts check stock against it ("continue" sells past zero). */
  inventoryPolicy: "deny" | "continue";
  availableForSale: boolean;
  currentlyNotInStock: boolean;
  requiresShipping: boolean;
  taxable: boolean;
  weight: null;
  weightUnit: "KILOGRAMS";
  selectedOptions: { name: string; value: string }[];
  product: ProductNode;
  imageIndex: number | undefined;
}

export interface ProductNode {
  __typename: "Product";
  id: string;
  numericId: number;
  handle: string;
  title: string;
  vendor: string;
  productType: string;
  tags: string[];
  descriptionHtml: string;
  descriptionText: string;
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
  availableForSale: boolean;
  totalInventory: number;
  isGiftCard: false;
  requiresSellingPlan: false;
  onlineStoreUrl: null;
  seo: { title: string | null; description: string | null };
  priceRange: { minVariantPrice: MoneyNode; maxVariantPrice: MoneyNode };
  compareAtPriceRange: { minVariantPrice: MoneyNode; maxVariantPrice: MoneyNode };
  minPrice: number;
  unitsSold: number;
  options: OptionNode[];
  variants: VariantNode[];
  images: ImageNode[];
  metafieldList: MetafieldNode[];
  collectionList: CollectionNode[];
  search: ProductSearchIndex;
}

export interface CollectionNode {
  __typename: "Collection";
  id: string;
  numericId: number;
  handle: string;
  title: string;
  descriptionHtml: string;
  descriptionText: string;
  updatedAt: string;
  onlineStoreUrl: null;
  seo: { title: string | null; description: string | null };
  imageNode: ImageNode | null;
  /** In the collection's own (COLLECTION_DEFAULT) order. */
  productList: ProductNode[];
}

export interface ShopNode {
  __typename: "Shop";
  id: string;
  name: string;
  description: string;
  moneyFormat: string;
  primaryDomain: { host: string; url: string; sslEnabled: boolean };
  shipsToCountries: string[];
  paymentSettings: {
    countryCode: string;
    currencyCode: string;
    acceptedCardBrands: string[];
    enabledPresentmentCurrencies: string[];
    supportedDigitalWallets: string[];
  };
}

export type CatalogNode = ProductNode | VariantNode | CollectionNode | FileNode | ShopNode;

export interface CatalogStore {
  readonly shop: ShopNode;
  readonly products: readonly ProductNode[];
  readonly collections: readonly CollectionNode[];
  productByHandle(handle: string): ProductNode | undefined;
  collectionByHandle(handle: string): CollectionNode | undefined;
  fileByName(filename: string): FileNode | undefined;
  /** Any catalogue object by its gid, as `node(id:)` resolves it. */
  node(id: string): CatalogNode | undefined;
}

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
      const tracked = variant.inventory !== null;
      const inStock = !tracked || (variant.inventory ?? 0) > 0;
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
        availableForSale: inStock || variant.inventoryPolicy === "continue",
        currentlyNotInStock: !inStock && variant.inventoryPolicy === "continue",
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
    product.availableForSale = product.variants.some((variant) => variant.availableForSale);
    product.totalInventory = record.variants.reduce((sum, v) => sum + (v.inventory ?? 0), 0);

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
    shop,
    products,
    collections,
    productByHandle: (handle) => productsByHandle.get(handle),
    collectionByHandle: (handle) => collectionsByHandle.get(handle),
    fileByName: (filename) => files.get(filename),
    node: (id) => byGid.get(id),
  };
}
