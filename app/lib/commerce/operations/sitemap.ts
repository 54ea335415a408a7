import type { TypedOperation } from "../../graphql/typed-operation";
import type {
  SitemapCollectionsQuery,
  SitemapCollectionsQueryVariables,
  SitemapProductsQuery,
  SitemapProductsQueryVariables,
} from "../storefront-types.generated";

// The catalogue's URLs for the sitemap: handles and when each last changed, 250 a page (the
// Storefront API's most). Variants are not URLs of their own.
export const SITEMAP_PRODUCTS_QUERY = `#graphql
  query SitemapProducts($after: String) {
    products(first: 250, after: $after, sortKey: ID) {
      nodes {
        handle
        updatedAt
        tags
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
` as TypedOperation<SitemapProductsQuery, SitemapProductsQueryVariables>;

export const SITEMAP_COLLECTIONS_QUERY = `#graphql
  query SitemapCollections($after: String) {
    collections(first: 250, after: $after, sortKey: ID) {
      nodes {
        handle
        updatedAt
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
` as TypedOperation<SitemapCollectionsQuery, SitemapCollectionsQueryVariables>;
