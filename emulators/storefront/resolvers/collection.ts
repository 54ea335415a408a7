import type { GraphQLSchema } from "graphql";
import { paginateInOrder } from "../../shared/connection";
import type { CollectionNode } from "../nodes";
import { filterProducts, type ProductFilterInput, rankCollections, sortProducts } from "../search";
import { pageArgs, resolver, truncate } from "./context";

export function installCollectionResolvers(schema: GraphQLSchema): void {
  resolver<unknown>(schema, "QueryRoot", "collection", (_root, { id, handle }, { store }) => {
    const collection = id ? store.catalog.node(id) : store.catalog.collectionByHandle(handle ?? "");
    return collection?.__typename === "Collection" ? collection : null;
  });

  resolver<unknown>(schema, "QueryRoot", "collections", (_root, args, { store }) => {
    const { query, sortKey, reverse } = args;
    let collections = [...store.catalog.collections];
    if (query) collections = rankCollections(collections, query);
    if (sortKey === "TITLE") collections.sort((a, b) => a.title.localeCompare(b.title, "en"));
    if (sortKey === "UPDATED_AT")
      collections.sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
    if (sortKey === "ID" || !sortKey) collections.sort((a, b) => a.numericId - b.numericId);
    if (reverse) collections.reverse();
    return paginateInOrder(collections, pageArgs(args), (collection) => collection.numericId);
  });

  resolver<CollectionNode>(schema, "Collection", "description", (collection, { truncateAt }) =>
    truncate(collection.descriptionText, truncateAt),
  );
  resolver<CollectionNode>(schema, "Collection", "image", (collection) => collection.imageNode);
  resolver<CollectionNode>(schema, "Collection", "products", (collection, args) => {
    const { filters, sortKey, reverse } = args;
    const filtered = filterProducts(collection.productList, filters as ProductFilterInput[]);
    return paginateInOrder(
      sortProducts(filtered, sortKey ?? "COLLECTION_DEFAULT", reverse),
      pageArgs(args),
      (product) => product.numericId,
    );
  });
  // Shopify sends UnsignedInt64 as a string.
  resolver<{ totalCount: number }>(schema, "CollectionConnection", "totalCount", (connection) =>
    String(connection.totalCount ?? 0),
  );
}
