import type { CollectionSortKey } from "./types";

// What a collection page shows, read from and written to its query string, so every view (sort,
// tag, page) is a URL that can be shared and works without JavaScript:
// /store/collections/pumps?sort=price-ascending&tag=pool&after=<cursor>

export const COLLECTION_SORTS = [
  { value: "featured", label: "Featured", sortKey: "COLLECTION_DEFAULT", reverse: false },
  { value: "price-ascending", label: "Price, low to high", sortKey: "PRICE", reverse: false },
  { value: "price-descending", label: "Price, high to low", sortKey: "PRICE", reverse: true },
  { value: "newest", label: "Newest", sortKey: "CREATED", reverse: true },
] as const satisfies readonly {
  value: string;
  label: string;
  sortKey: CollectionSortKey;
  reverse: boolean;
}[];

export type CollectionSort = (typeof COLLECTION_SORTS)[number]["value"];

export const DEFAULT_COLLECTION_SORT: CollectionSort = "featured";

export interface CollectionView {
  sort: CollectionSort;
  /** One tag at a time: a shopper narrows a collection, then widens it again. */
  tag: string | null;
  /** The previous page's end cursor. */
  after: string | null;
}

// Shopify's cursors are base64; anything else in the address was typed or mangled.
const CURSOR_PATTERN = /^[A-Za-z0-9+/_=-]{1,512}$/;
const MAX_TAG_LENGTH = 255;

function isSort(value: string | null): value is CollectionSort {
  return COLLECTION_SORTS.some((sort) => sort.value === value);
}

export function parseCollectionView(search: URLSearchParams): CollectionView {
  const sort = search.get("sort");
  const tag = search.get("tag")?.trim() ?? "";
  const after = search.get("after") ?? "";
  return {
    sort: isSort(sort) ? sort : DEFAULT_COLLECTION_SORT,
    tag: tag && tag.length <= MAX_TAG_LENGTH ? tag : null,
    after: CURSOR_PATTERN.test(after) ? after : null,
  };
}

export function sortOrder(sort: CollectionSort): { sortKey: CollectionSortKey; reverse: boolean } {
  const found = COLLECTION_SORTS.find((option) => option.value === sort) ?? COLLECTION_SORTS[0];
  return { sortKey: found.sortKey, reverse: found.reverse };
}

/** The query string of a view ("" for the default view), defaults left out. */
export function collectionViewSearch(view: Partial<CollectionView>): string {
  const search = new URLSearchParams();
  if (view.sort && view.sort !== DEFAULT_COLLECTION_SORT) search.set("sort", view.sort);
  if (view.tag) search.set("tag", view.tag);
  if (view.after) search.set("after", view.after);
  const query = search.toString();
  return query ? `?${query}` : "";
}

/**
 * "Load more" with JavaScript keeps the products already shown in the history entry's state (as
 * Hydrogen does), so the next page is appended and Back/Forward restore the whole list. Anything
 * else found in the state is ignored.
 */
export function previousProductsFrom<T extends { handle: string }>(state: unknown): T[] {
  if (!state || typeof state !== "object" || !("previousProducts" in state)) return [];
  const products = (state as { previousProducts: unknown }).previousProducts;
  return Array.isArray(products)
    ? products.filter(
        (product): product is T =>
          typeof product === "object" && product !== null && typeof product.handle === "string",
      )
    : [];
}

/** The products shown so far followed by the new page, each product once. */
export function appendPage<T extends { handle: string }>(
  shown: readonly T[],
  page: readonly T[],
): T[] {
  const seen = new Set(shown.map((product) => product.handle));
  return [...shown, ...page.filter((product) => !seen.has(product.handle))];
}
