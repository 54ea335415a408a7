import type { TypedOperation } from "../../graphql/typed-operation";
import type {
  CartCreateMutation,
  CartCreateMutationVariables,
  CartLinesAddMutation,
  CartLinesAddMutationVariables,
  CartLinesRemoveMutation,
  CartLinesRemoveMutationVariables,
  CartLinesUpdateMutation,
  CartLinesUpdateMutationVariables,
  CartMerchandiseQuery,
  CartMerchandiseQueryVariables,
  CartQuery,
  CartQueryVariables,
} from "../storefront-types.generated";
import { IMAGE_FRAGMENT, MONEY_FRAGMENT } from "./fragments";

// product §3's cart and cart line, product §7's cart calls. Every mutation answers with the whole cart
// (product §9: up to 100 lines), so the UI refreshes from the server's truth after each change.
// All of them take the cart as $cartId, which is also what the emulator's cart faults key on.

// Uses: Money, Image.
export const CART_FRAGMENT = `#graphql
  fragment CartDetail on Cart {
    id
    checkoutUrl
    totalQuantity
    updatedAt
    cost {
      subtotalAmount {
        ...Money
      }
    }
    lines(first: 100) {
      nodes {
        id
        quantity
        attributes {
          key
          value
        }
        cost {
          amountPerQuantity {
            ...Money
          }
          totalAmount {
            ...Money
          }
        }
        merchandise {
          ... on ProductVariant {
            id
            title
            sku
            selectedOptions {
              name
              value
            }
            price {
              ...Money
            }
            image {
              ...Image
            }
            product {
              id
              handle
              title
              productType
              tags
              featuredImage {
                ...Image
              }
            }
          }
        }
      }
    }
  }
` as const;

export const CART_USER_ERROR_FRAGMENT = `#graphql
  fragment CartProblem on CartUserError {
    code
    field
    message
  }
` as const;

export const CART_QUERY = `#graphql
  query Cart($cartId: ID!) {
    cart(id: $cartId) {
      ...CartDetail
    }
  }
  ${CART_FRAGMENT}
  ${MONEY_FRAGMENT}
  ${IMAGE_FRAGMENT}
` as TypedOperation<CartQuery, CartQueryVariables>;

export const CART_CREATE_MUTATION = `#graphql
  mutation CartCreate($input: CartInput) {
    cartCreate(input: $input) {
      cart {
        id
      }
      userErrors {
        ...CartProblem
      }
    }
  }
  ${CART_USER_ERROR_FRAGMENT}
` as TypedOperation<CartCreateMutation, CartCreateMutationVariables>;

export const CART_LINES_ADD_MUTATION = `#graphql
  mutation CartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!) {
    cartLinesAdd(cartId: $cartId, lines: $lines) {
      cart {
        ...CartDetail
      }
      userErrors {
        ...CartProblem
      }
    }
  }
  ${CART_FRAGMENT}
  ${CART_USER_ERROR_FRAGMENT}
  ${MONEY_FRAGMENT}
  ${IMAGE_FRAGMENT}
` as TypedOperation<CartLinesAddMutation, CartLinesAddMutationVariables>;

export const CART_LINES_UPDATE_MUTATION = `#graphql
  mutation CartLinesUpdate($cartId: ID!, $lines: [CartLineUpdateInput!]!) {
    cartLinesUpdate(cartId: $cartId, lines: $lines) {
      cart {
        ...CartDetail
      }
      userErrors {
        ...CartProblem
      }
    }
  }
  ${CART_FRAGMENT}
  ${CART_USER_ERROR_FRAGMENT}
  ${MONEY_FRAGMENT}
  ${IMAGE_FRAGMENT}
` as TypedOperation<CartLinesUpdateMutation, CartLinesUpdateMutationVariables>;

export const CART_LINES_REMOVE_MUTATION = `#graphql
  mutation CartLinesRemove($cartId: ID!, $lineIds: [ID!]!) {
    cartLinesRemove(cartId: $cartId, lineIds: $lineIds) {
      cart {
        ...CartDetail
      }
      userErrors {
        ...CartProblem
      }
    }
  }
  ${CART_FRAGMENT}
  ${CART_USER_ERROR_FRAGMENT}
  ${MONEY_FRAGMENT}
  ${IMAGE_FRAGMENT}
` as TypedOperation<CartLinesRemoveMutation, CartLinesRemoveMutationVariables>;

// Whether an added variant is a course (product §5's rule needs the product's type, tags, title),
// asked before adding so a course cannot go in without its participants.
export const CART_MERCHANDISE_QUERY = `#graphql
  query CartMerchandise($id: ID!) {
    node(id: $id) {
      ... on ProductVariant {
        id
        product {
          title
          productType
          tags
        }
      }
    }
  }
` as TypedOperation<CartMerchandiseQuery, CartMerchandiseQueryVariables>;
