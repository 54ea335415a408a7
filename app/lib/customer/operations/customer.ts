import type { TypedOperation } from "../../graphql/typed-operation";
import type {
  CustomerOrdersQuery,
  CustomerOrdersQueryVariables,
  CustomerQuery,
  CustomerQueryVariables,
  CustomerUpdateMutation,
  CustomerUpdateMutationVariables,
} from "./customer-account.generated";
import { CUSTOMER_ADDRESS_FRAGMENT, MONEY_FRAGMENT, ORDER_SUMMARY_FRAGMENT } from "./fragments";

/** How many orders the account page shows before "load more". */
export const ORDERS_PAGE_SIZE = 10;

/**
 * The signed-in customer with everything the account page and the role checks need: product §3
 * Customer, §6 roles (`custom.commercial_access`, `custom.vip_access`) and the product §5 course
 * metafields behind certificates.
 */
export const CUSTOMER_QUERY = `#graphql
  query Customer($ordersFirst: Int!) {
    customer {
      id
      firstName
      lastName
      displayName
      emailAddress {
        emailAddress
      }
      phoneNumber {
        phoneNumber
      }
      defaultAddress {
        ...CustomerAddress
      }
      addresses(first: 50) {
        nodes {
          ...CustomerAddress
        }
      }
      orders(first: $ordersFirst, sortKey: PROCESSED_AT, reverse: true) {
        nodes {
          ...OrderSummary
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
      metafields(
        identifiers: [
          { namespace: "custom", key: "commercial_access" }
          { namespace: "custom", key: "vip_access" }
          { namespace: "custom", key: "business_name" }
          { namespace: "custom", key: "all_courses_completed" }
          { namespace: "custom", key: "courses_passed" }
          { namespace: "custom", key: "courses_attempted" }
          { namespace: "custom", key: "available_online_courses" }
        ]
      ) {
        namespace
        key
        type
        value
      }
    }
  }
  ${CUSTOMER_ADDRESS_FRAGMENT}
  ${ORDER_SUMMARY_FRAGMENT}
  ${MONEY_FRAGMENT}
` as TypedOperation<CustomerQuery, CustomerQueryVariables>;

export const CUSTOMER_ORDERS_QUERY = `#graphql
  query CustomerOrders($first: Int!, $after: String) {
    customer {
      orders(first: $first, after: $after, sortKey: PROCESSED_AT, reverse: true) {
        nodes {
          ...OrderSummary
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
  ${ORDER_SUMMARY_FRAGMENT}
  ${MONEY_FRAGMENT}
` as TypedOperation<CustomerOrdersQuery, CustomerOrdersQueryVariables>;

export const CUSTOMER_UPDATE_MUTATION = `#graphql
  mutation CustomerUpdate($input: CustomerUpdateInput!) {
    customerUpdate(input: $input) {
      customer {
        firstName
        lastName
        displayName
      }
      userErrors {
        code
        field
        message
      }
    }
  }
` as TypedOperation<CustomerUpdateMutation, CustomerUpdateMutationVariables>;
