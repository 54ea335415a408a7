// The catalogue's objects, shaped like the Storefront API's types so graphql-js's default
// resolvers read most fields straight off them. Types only: carts, search and the store all
// use them, and a module of its own keeps them from importing one another in a circle.

export type SearchField =
  | "title"
  | "productType"
  | "tags"
  | "vendor"
  | "variantSkus"
  | "variantTitles"
  | "body";

/** A product's words by field, indexed once for search.ts. */
export type ProductSearchIndex = Record<SearchField, readonly string[]>;

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

/** Storefront API `Location`: a place to collect orders. */
export interface LocationNode {
  __typename: "Location";
  id: string;
  name: string;
  address: {
    address1: string;
    address2: string | null;
    city: string;
    province: string;
    provinceCode: string;
    zip: string;
    country: string;
    countryCode: string;
    phone: string;
    formatted: string[];
    latitude: null;
    longitude: null;
  };
}

export interface CatalogStore {
  readonly shop: ShopNode;
  readonly locations: readonly LocationNode[];
  readonly products: readonly ProductNode[];
  readonly collections: readonly CollectionNode[];
  productByHandle(handle: string): ProductNode | undefined;
  collectionByHandle(handle: string): CollectionNode | undefined;
  fileByName(filename: string): FileNode | undefined;
  /** Any catalogue object by its gid, as `node(id:)` resolves it. */
  node(id: string): CatalogNode | undefined;
  /**
   * A sale takes `quantity` of a tracked variant out of stock (in memory: a restart restocks);
   * the variant, or undefined when its stock is not tracked.
   */
  reduceStock(variantId: string, quantity: number): VariantNode | undefined;
  /** A merchant renames a product in Shopify admin; the product, or undefined if unknown. */
  renameProduct(handle: string, title: string): ProductNode | undefined;
  /** A merchant deletes a product: gone from every query, collection and search. */
  deleteProduct(handle: string): ProductNode | undefined;
  /** A merchant renames a collection in Shopify admin; the collection, or undefined if unknown. */
  renameCollection(handle: string, title: string): CollectionNode | undefined;
}
