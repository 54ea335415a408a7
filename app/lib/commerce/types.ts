import type { ProductCollectionSortKeys } from "./storefront-types.generated";

// The catalogue as the app sees it: reshaped once from Storefront API responses (reshape.ts), so
// components never see connections, edges or metafield JSON.

export interface Money {
  /** Two decimals, e.g. "19.90" (product §9: money in dollars with 2 decimals). */
  amount: string;
  currencyCode: string;
}

export interface PriceRange {
  min: Money;
  max: Money;
}

export interface Image {
  id: string | null;
  url: string;
  altText: string | null;
  width: number | null;
  height: number | null;
}

/** A file from a `custom.downloads` or `custom.directions` metafield (product §3). */
export interface FileReference {
  id: string;
  url: string;
  alt: string | null;
  /** Bytes. */
  originalFileSize: number | null;
  mimeType: string | null;
}

export interface ProductOption {
  id: string;
  name: string;
  values: string[];
}

export interface SelectedOption {
  name: string;
  value: string;
}

export interface ProductVariant {
  id: string;
  title: string;
  sku: string | null;
  /** The Storefront API's quantityAvailable (product §3); null when stock is not tracked. */
  inventoryQuantity: number | null;
  availableForSale: boolean;
  /** Sold out but still sold (made to order, back-ordered). */
  currentlyNotInStock: boolean;
  price: Money;
  compareAtPrice: Money | null;
  selectedOptions: SelectedOption[];
  image: Image | null;
}

export interface Product {
  id: string;
  handle: string;
  title: string;
  description: string;
  descriptionHtml: string;
  vendor: string;
  productType: string;
  availableForSale: boolean;
  totalInventory: number | null;
  tags: string[];
  createdAt: string;
  seo: { title: string | null; description: string | null };
  /** At most 5 (product §9). */
  images: Image[];
  options: ProductOption[];
  /** At most 100 (product §9). */
  variants: ProductVariant[];
  priceRange: PriceRange;
  /** null when no variant has a compare-at price. */
  compareAtPriceRange: PriceRange | null;
  /** custom.downloads, at most 10 files. */
  downloads: FileReference[];
  /** custom.directions, at most 10 files. */
  directions: FileReference[];
  /** custom.request_a_quote */
  requestAQuote: boolean;
  /** custom.quantity_ticker */
  quantityTicker: boolean;
  /** The first collection the product is in (its breadcrumb), if any. */
  collection: { id: string; handle: string; title: string } | null;
}

/** A product as a collection page lists it (product §3: 5 variants each). */
export interface CollectionProduct {
  id: string;
  handle: string;
  title: string;
  descriptionHtml: string;
  vendor: string;
  productType: string;
  createdAt: string;
  availableForSale: boolean;
  tags: string[];
  requestAQuote: boolean;
  images: Image[];
  variants: ProductVariant[];
  priceRange: PriceRange;
  compareAtPriceRange: PriceRange | null;
}

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface Collection {
  id: string;
  handle: string;
  title: string;
  description: string;
  descriptionHtml: string;
  seo: { title: string | null; description: string | null };
  image: Image | null;
  products: CollectionProduct[];
  pageInfo: PageInfo;
}

export interface CollectionSummary {
  id: string;
  handle: string;
  title: string;
  description: string;
  updatedAt: string;
  image: Image | null;
}

/** product §3: id, title, image, productType — plus what a result needs to link and price. */
export interface SearchResult {
  id: string;
  handle: string;
  title: string;
  vendor: string;
  productType: string;
  availableForSale: boolean;
  image: Image | null;
  priceRange: PriceRange;
}

export interface SearchResults {
  query: string;
  /** All matches; `products` holds the first 100 (product §9). */
  totalCount: number;
  products: SearchResult[];
}

export interface PredictiveSearchResults {
  query: string;
  products: SearchResult[];
  collections: { id: string; handle: string; title: string; image: Image | null }[];
  /** Suggested searches; styledText marks the typed part with <mark>. */
  queries: { text: string; styledText: string }[];
}

/** The sort orders a collection's products take (from the schema's ProductCollectionSortKeys). */
export type CollectionSortKey = ProductCollectionSortKeys;
