import type { GraphQLSchema } from "graphql";
import { paginateInOrder } from "../../shared/connection";
import type { CatalogStore, ProductNode, SearchField } from "../nodes";
import {
  filterProducts,
  type ProductFilterInput,
  rankCollections,
  rankProducts,
  sortProducts,
  suggestQueries,
} from "../search";
import { type Args, pageArgs, resolver } from "./context";

// Shopify's default fields for predictive search (its `searchableFields` documentation).
const PREDICTIVE_DEFAULT_FIELDS: SearchField[] = [
  "title",
  "productType",
  "variantTitles",
  "vendor",
];
const SEARCHABLE_FIELD: Record<string, SearchField | undefined> = {
  TITLE: "title",
  PRODUCT_TYPE: "productType",
  TAG: "tags",
  VENDOR: "vendor",
  BODY: "body",
  VARIANTS_SKU: "variantSkus",
  VARIANTS_TITLE: "variantTitles",
};
// Shopify: predictiveSearch's limit runs from 1 to 10 and defaults to 10.
const PREDICTIVE_MAX_LIMIT = 10;

/** Sold-out products last (Shopify's default), hidden, or left where relevance put them. */
function placeUnavailable(products: ProductNode[], mode: string | null | undefined) {
  if (mode === "SHOW") return products;
  const available = products.filter((product) => product.availableForSale);
  if (mode === "HIDE") return available;
  return [...available, ...products.filter((product) => !product.availableForSale)];
}

export function installSearchResolvers(schema: GraphQLSchema): void {
  resolver<unknown>(schema, "QueryRoot", "search", (_root, args, { store }) => {
    const { query, types, prefix, productFilters, sortKey, reverse, unavailableProducts } = args;
    const searchesProducts = !types || types.includes("PRODUCT");
    let results = searchesProducts
      ? rankProducts(store.catalog.products, query, { prefixLast: prefix === "LAST" })
      : [];
    results = filterProducts(results, productFilters as ProductFilterInput[] | undefined);
    results = sortKey === "PRICE" ? sortProducts(results, "PRICE", reverse) : results;
    if (sortKey !== "PRICE" && reverse) results.reverse();
    results = placeUnavailable(results, unavailableProducts);
    return paginateInOrder(results, pageArgs(args), (product) => product.numericId);
  });

  resolver<unknown>(schema, "QueryRoot", "predictiveSearch", (_root, args, { store }) =>
    predictiveSearch(store.catalog, args),
  );
}

function predictiveSearch(catalog: CatalogStore, args: Args) {
  const { query, limit, limitScope, types, searchableFields, unavailableProducts } = args;
  const max = Math.min(Math.max(limit ?? PREDICTIVE_MAX_LIMIT, 1), PREDICTIVE_MAX_LIMIT);
  const wanted = (type: string) => !types || types.includes(type);
  const fields = searchableFields
    ? (searchableFields as string[]).flatMap((name) => SEARCHABLE_FIELD[name] ?? [])
    : PREDICTIVE_DEFAULT_FIELDS;
  const products = wanted("PRODUCT")
    ? placeUnavailable(
        rankProducts(catalog.products, query, { prefixLast: true, fields }),
        unavailableProducts,
      )
    : [];
  const collections = wanted("COLLECTION") ? rankCollections(catalog.collections, query) : [];
  const queries = wanted("QUERY") ? suggestQueries(catalog.products, query) : [];
  if (limitScope === "EACH") {
    return {
      products: products.slice(0, max),
      collections: collections.slice(0, max),
      queries: queries.slice(0, max),
      pages: [],
      articles: [],
    };
  }
  // ALL (the default): one budget across types, products first.
  let budget = max;
  const take = <T>(list: T[]) => {
    const taken = list.slice(0, budget);
    budget -= taken.length;
    return taken;
  };
  return {
    products: take(products),
    collections: take(collections),
    queries: take(queries),
    pages: [],
    articles: [],
  };
}
