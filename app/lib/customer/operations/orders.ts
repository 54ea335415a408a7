import type { TypedOperation } from "../../graphql/typed-operation";
import type { OrderQuery, OrderQueryVariables } from "./customer-account.generated";
import { CUSTOMER_ADDRESS_FRAGMENT, MONEY_FRAGMENT } from "./fragments";

/** One order of the signed-in customer; `order` is null for anyone else's order id. */
export const ORDER_QUERY = `#graphql
  query Order($id: ID!) {
    order(id: $id) {
      id
      name
      number
      processedAt
      financialStatus
      fulfillmentStatus
      poNumber
      note
      lineItems(first: 100) {
        nodes {
          id
          title
          variantTitle
          sku
          quantity
          productType
          image {
            url
            altText
            width
            height
          }
          price {
            ...Money
          }
          totalPrice {
            ...Money
          }
        }
      }
      fulfillments(first: 10) {
        nodes {
          id
          createdAt
          status
          trackingInformation {
            company
            number
            url
          }
        }
      }
      shippingLine {
        title
      }
      subtotal {
        ...Money
      }
      totalShipping {
        ...Money
      }
      totalTax {
        ...Money
      }
      totalPrice {
        ...Money
      }
      shippingAddress {
        ...CustomerAddress
      }
      billingAddress {
        ...CustomerAddress
      }
    }
  }
  ${CUSTOMER_ADDRESS_FRAGMENT}
  ${MONEY_FRAGMENT}
` as TypedOperation<OrderQuery, OrderQueryVariables>;
