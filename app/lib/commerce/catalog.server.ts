import type { CacheOptions } from "../cache";
import { oncePerObject } from "../once-per-object";
import { EARLY_ACCESS_ALLOWANCE, EARLY_ACCESS_TAG, released } from "./early-access";
import {
  COLLECTION_QUERY,
  COLLECTION_TAGS_QUERY,
  COLLECTIONS_QUERY,
} from "./operations/collection";
import { PRODUCT_QUERY } from "./operations/product";
import { PREDICTIVE_SEARCH_QUERY, SEARCH_PRODUCTS_QUERY } from "./operations/search";
import {
  flattenConnection,
  reshapeCollection,
  reshapeImage,
  reshapeProduct,
  reshapeSearchResult,
} from "./reshape";
import { failingWith, type StorefrontClient } from "./storefront.server";
import type { CollectionDetailFragment } from "./storefront-types.generated";
import type {
  Collection,
  CollectionSortKey,
  CollectionSummary,
  PredictiveSearchResults,
  Product,
  SearchResults,
} from "./types";

export { StorefrontError } from "./storefront.server";

/** Tags the shop uses for its own lists (VIP early access, product §6): never a shopper's filter. */
const INTERNAL_TAGS = new Set([EARLY_ACCESS_TAG]);

/** The Storefront API's most products in one page. */
const MAX_PAGE = 250;

export type * from "./types";

// product §8's messages, word for word. it names none for search and the collection list.
export const CATALOG_ERRORS = {
  product: "Failed to fetch product",
  collection: "Failed to fetch collection",
  collectionTags: "Failed to fetch collection tags",
  collections: "Failed to fetch collections",
  search: "Failed to search products",
} as const;

// Freshness is Lagoon's own rule (product §9): a minute fresh, then five more served stale while
// refreshing, so a merchant's change shows within about a minute and a Shopify hiccup goes unnoticed.
export const CATALOG_CACHE: CacheOptions = { ttlSeconds: 60, swrSeconds: 300 };
export const SEARCH_CACHE: CacheOptions = { ttlSeconds: 30, swrSeconds: 60 };

// product §7 and §9.
export const COLLECTION_PAGE_SIZE = 16;
export const PREDICTIVE_SEARCH_LIMIT = 6;
/** The Storefront API's most suggestions of each kind. */
const MAX_SUGGESTIONS = 10;

export interface CollectionPageOptions {
  /** Products per page; product §9 default 16. */
  first?: number;
  /** The previous page's pageInfo.endCursor. */
  after?: string | null;
  sortKey?: CollectionSortKey;
  reverse?: boolean;
  /** Only products with one of these tags. */
  tags?: readonly string[];
}

export interface Catalog {
  getProduct(handle: string): Promise<Product | null>;
  getProductById(id: string): Promise<Product | null>;
  /** By id (gid or number) or handle: collection URLs carry either. */
  getCollection(idOrHandle: string, options?: CollectionPageOptions): Promise<Collection | null>;
  /** Distinct tags of the collection's first 250 products (product §9), sorted. */
  getCollectionTags(idOrHandle: string): Promise<string[] | null>;
  searchProducts(query: string): Promise<SearchResults>;
  predictiveSearch(query: string, options?: { limit?: number }): Promise<PredictiveSearchResults>;
  getCollections(): Promise<CollectionSummary[]>;
}

/** Storefront's `product` and `collection` take one of the two. */
type Reference = { id: string } | { handle: string };

/** A gid, a bare numeric id, or else a handle. */
export function collectionReference(idOrHandle: string): Reference {
  if (idOrHandle.startsWith("gid://")) return { id: idOrHandle };
  if (/^\d+$/.test(idOrHandle)) return { id: `gid://shopify/Collection/${idOrHandle}` };
  return { handle: idOrHandle };
}

function productGid(id: string): string {
  return /^\d+$/.test(id) ? `gid://shopify/Product/${id}` : id;
}

// Reshaped once per cached response: every request gets the same product or collection object.
const sharedProduct = oncePerObject(reshapeProduct);
const sharedCollections = new Map<number, (collection: CollectionDetailFragment) => Collection>();
/** Reshaped once per cached response; its page size is one of the few the app's pages use. */
function sharedCollection(collection: CollectionDetailFragment, pageSize: number): Collection {
  let reshape = sharedCollections.get(pageSize);
  if (!reshape) {
    reshape = oncePerObject((response) => reshapeCollection(response, pageSize));
    sharedCollections.set(pageSize, reshape);
  }
  return reshape(collection);
}

export function createCatalog(storefront: StorefrontClient): Catalog {
  const product = (reference: Reference) =>
    failingWith(CATALOG_ERRORS.product, async () => {
      const data = await storefront.query(PRODUCT_QUERY, {
        variables: reference,
        cache: CATALOG_CACHE,
      });
      return data.product ? sharedProduct(data.product) : null;
    });

  return {
    getProduct: (handle) => (handle ? product({ handle }) : Promise.resolve(null)),

    getProductById: (id) => (id ? product({ id: productGid(id) }) : Promise.resolve(null)),

    getCollection(idOrHandle, options = {}) {
      if (!idOrHandle) return Promise.resolve(null);
      const pageSize = options.first ?? COLLECTION_PAGE_SIZE;
      const page = {
        first: Math.min(pageSize + EARLY_ACCESS_ALLOWANCE, MAX_PAGE),
        after: options.after ?? null,
        sortKey: options.sortKey ?? "COLLECTION_DEFAULT",
        reverse: options.reverse ?? false,
        filters: options.tags?.length ? options.tags.map((tag) => ({ tag })) : null,
      } as const;
      return failingWith(CATALOG_ERRORS.collection, async () => {
        const data = await storefront.query(COLLECTION_QUERY, {
          variables: { ...collectionReference(idOrHandle), ...page },
          cache: CATALOG_CACHE,
        });
        return data.collection ? sharedCollection(data.collection, pageSize) : null;
      });
    },

    getCollectionTags(idOrHandle) {
      if (!idOrHandle) return Promise.resolve(null);
      return failingWith(CATALOG_ERRORS.collectionTags, async () => {
        const data = await storefront.query(COLLECTION_TAGS_QUERY, {
          variables: collectionReference(idOrHandle),
          cache: CATALOG_CACHE,
        });
        if (!data.collection) return null;
        const tags = released(flattenConnection(data.collection.products))
          .flatMap((p) => p.tags)
          .filter((tag) => !INTERNAL_TAGS.has(tag));
        return [...new Set(tags)].sort((a, b) => a.localeCompare(b, "en"));
      });
    },

    searchProducts(query) {
      const trimmed = query.trim();
      if (!trimmed) return Promise.resolve({ query: trimmed, totalCount: 0, products: [] });
      return failingWith(CATALOG_ERRORS.search, async () => {
        const data = await storefront.query(SEARCH_PRODUCTS_QUERY, {
          variables: { query: trimmed },
          cache: SEARCH_CACHE,
        });
        const found = flattenConnection(data.search).flatMap((node) =>
          node.__typename === "Product" ? [node] : [],
        );
        const shown = released(found);
        return {
          query: trimmed,
          // Less the early-access products among those read; beyond the first 100 it is the
          // storefront's count, as it was.
          totalCount: data.search.totalCount - (found.length - shown.length),
          products: shown.map(reshapeSearchResult),
        };
      });
    },

    predictiveSearch(query, options = {}) {
      const trimmed = query.trim();
      const empty = { query: trimmed, products: [], collections: [], queries: [] };
      if (!trimmed) return Promise.resolve(empty);
      return failingWith(CATALOG_ERRORS.search, async () => {
        const limit = options.limit ?? PREDICTIVE_SEARCH_LIMIT;
        // A few more than shown, so that leaving out early-access products still fills the list.
        const data = await storefront.query(PREDICTIVE_SEARCH_QUERY, {
          variables: { query: trimmed, limit: Math.min(limit + 3, MAX_SUGGESTIONS) },
          cache: SEARCH_CACHE,
        });
        const result = data.predictiveSearch;
        if (!result) return empty;
        return {
          query: trimmed,
          products: released(result.products).slice(0, limit).map(reshapeSearchResult),
          collections: result.collections.slice(0, limit).map((collection) => ({
            id: collection.id,
            handle: collection.handle,
            title: collection.title,
            image: collection.image ? reshapeImage(collection.image) : null,
          })),
          queries: result.queries
            .slice(0, limit)
            .map(({ text, styledText }) => ({ text, styledText })),
        };
      });
    },

    getCollections() {
      return failingWith(CATALOG_ERRORS.collections, async () => {
        const data = await storefront.query(COLLECTIONS_QUERY, { cache: CATALOG_CACHE });
        return flattenConnection(data.collections).map((collection) => ({
          id: collection.id,
          handle: collection.handle,
          title: collection.title,
          description: collection.description,
          updatedAt: collection.updatedAt,
          image: collection.image ? reshapeImage(collection.image) : null,
        }));
      });
    },
  };
}
