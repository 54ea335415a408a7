import type { TypedOperation } from "../../graphql/typed-operation";
import type {
  PredictiveSearchQuery,
  PredictiveSearchQueryVariables,
  SearchProductsQuery,
  SearchProductsQueryVariables,
} from "../storefront-types.generated";
import { IMAGE_FRAGMENT, MONEY_FRAGMENT, PRODUCT_SUMMARY_FRAGMENT } from "./fragments";

// `search` rather than `products(query:)`: it is the storefront's own relevance-ranked search
// (the one the online store's search page uses), takes what a shopper types as plain words,
// and can push sold-out products to the end. `products(query:)` reads its argument as Shopify's
// filter syntax (`tag:`, `OR`, `-`), so a shopper's words could change its meaning, and it ranks
// only when asked for RELEVANCE. product §7 and §9: up to 100 products.
export const SEARCH_PRODUCTS_QUERY = `#graphql
  query SearchProducts($query: String!, $first: Int = 100) {
    search(
      query: $query
      first: $first
      types: [PRODUCT]
      prefix: LAST
      unavailableProducts: LAST
    ) {
      totalCount
      nodes {
        __typename
        ... on Product {
          ...ProductSummary
        }
      }
    }
  }
  ${PRODUCT_SUMMARY_FRAGMENT}
  ${IMAGE_FRAGMENT}
  ${MONEY_FRAGMENT}
` as TypedOperation<SearchProductsQuery, SearchProductsQueryVariables>;

// For the header's search box, as the shopper types.
export const PREDICTIVE_SEARCH_QUERY = `#graphql
  query PredictiveSearch($query: String!, $limit: Int = 6) {
    predictiveSearch(
      query: $query
      limit: $limit
      limitScope: EACH
      types: [PRODUCT, COLLECTION, QUERY]
      unavailableProducts: LAST
    ) {
      products {
        ...ProductSummary
      }
      collections {
        id
        handle
        title
        image {
          ...Image
        }
      }
      queries {
        text
        styledText
      }
    }
  }
  ${PRODUCT_SUMMARY_FRAGMENT}
  ${IMAGE_FRAGMENT}
  ${MONEY_FRAGMENT}
` as TypedOperation<PredictiveSearchQuery, PredictiveSearchQueryVariables>;
