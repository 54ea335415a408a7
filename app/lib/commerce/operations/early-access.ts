import type { TypedOperation } from "../../graphql/typed-operation";
import type {
  EarlyAccessProductsQuery,
  EarlyAccessProductsQueryVariables,
} from "../storefront-types.generated";
import { IMAGE_FRAGMENT, MONEY_FRAGMENT, PRODUCT_SUMMARY_FRAGMENT } from "./fragments";

// product §6: what VIP customers see first, the products the shop tags `vip-early-access`.
export const EARLY_ACCESS_PRODUCTS_QUERY = `#graphql
  query EarlyAccessProducts($first: Int = 24) {
    products(first: $first, query: "tag:vip-early-access", sortKey: UPDATED_AT, reverse: true) {
      nodes {
        ...ProductSummary
      }
    }
  }
  ${PRODUCT_SUMMARY_FRAGMENT}
  ${IMAGE_FRAGMENT}
  ${MONEY_FRAGMENT}
` as TypedOperation<EarlyAccessProductsQuery, EarlyAccessProductsQueryVariables>;
