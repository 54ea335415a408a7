import type { TypedOperation } from "../../graphql/typed-operation";
import type { ProductQuery, ProductQueryVariables } from "../storefront-types.generated";
import {
  FILE_REFERENCES_FRAGMENT,
  IMAGE_FRAGMENT,
  MONEY_FRAGMENT,
  PRODUCT_FRAGMENT,
  VARIANT_FRAGMENT,
} from "./fragments";

// Product URLs carry a handle, carts and orders an id; callers pass exactly one of them.
export const PRODUCT_QUERY = `#graphql
  query Product($id: ID, $handle: String) {
    product(id: $id, handle: $handle) {
      ...ProductDetail
    }
  }
  ${PRODUCT_FRAGMENT}
  ${VARIANT_FRAGMENT}
  ${IMAGE_FRAGMENT}
  ${MONEY_FRAGMENT}
  ${FILE_REFERENCES_FRAGMENT}
` as TypedOperation<ProductQuery, ProductQueryVariables>;
