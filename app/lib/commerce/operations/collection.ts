import type { TypedOperation } from "../../graphql/typed-operation";
import type {
  CollectionQuery,
  CollectionQueryVariables,
  CollectionsQuery,
  CollectionsQueryVariables,
  CollectionTagsQuery,
  CollectionTagsQueryVariables,
} from "../storefront-types.generated";
import {
  COLLECTION_FRAGMENT,
  COLLECTION_PRODUCT_FRAGMENT,
  IMAGE_FRAGMENT,
  MONEY_FRAGMENT,
  VARIANT_FRAGMENT,
} from "./fragments";

// product §7 and §9: a collection page holds 16 products by default. The route's id segment may be
// an id or a handle; callers pass exactly one of them.
export const COLLECTION_QUERY = `#graphql
  query Collection(
    $id: ID
    $handle: String
    $first: Int = 16
    $after: String
    $sortKey: ProductCollectionSortKeys = COLLECTION_DEFAULT
    $reverse: Boolean = false
    $filters: [ProductFilter!]
  ) {
    collection(id: $id, handle: $handle) {
      ...CollectionDetail
    }
  }
  ${COLLECTION_FRAGMENT}
  ${COLLECTION_PRODUCT_FRAGMENT}
  ${VARIANT_FRAGMENT}
  ${IMAGE_FRAGMENT}
  ${MONEY_FRAGMENT}
` as TypedOperation<CollectionQuery, CollectionQueryVariables>;

// product §7 and §9: tags come from the collection's first 250 products (the API's page maximum).
// Callers pass exactly one of id or handle.
export const COLLECTION_TAGS_QUERY = `#graphql
  query CollectionTags($id: ID, $handle: String) {
    collection(id: $id, handle: $handle) {
      id
      products(first: 250) {
        nodes {
          tags
        }
      }
    }
  }
` as TypedOperation<CollectionTagsQuery, CollectionTagsQueryVariables>;

export const COLLECTIONS_QUERY = `#graphql
  query Collections($first: Int = 100) {
    collections(first: $first, sortKey: TITLE) {
      nodes {
        id
        handle
        title
        description
        updatedAt
        image {
          ...Image
        }
      }
    }
  }
  ${IMAGE_FRAGMENT}
` as TypedOperation<CollectionsQuery, CollectionsQueryVariables>;
