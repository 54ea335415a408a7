export const MONEY_FRAGMENT = `#graphql
  fragment Money on MoneyV2 {
    amount
    currencyCode
  }
`;

export const CUSTOMER_ADDRESS_FRAGMENT = `#graphql
  fragment CustomerAddress on CustomerAddress {
    id
    firstName
    lastName
    company
    address1
    address2
    city
    zoneCode
    territoryCode
    zip
    phoneNumber
    formatted(withName: true, withCompany: true)
    formattedWithoutName: formatted(withName: false, withCompany: true)
    formattedArea
  }
`;

export const ORDER_SUMMARY_FRAGMENT = `#graphql
  fragment OrderSummary on Order {
    id
    name
    number
    processedAt
    financialStatus
    fulfillmentStatus
    totalPrice {
      ...Money
    }
    lineItemsSummary {
      totalQuantityOfLineItems
    }
  }
`;

export const ADDRESS_USER_ERROR_FRAGMENT = `#graphql
  fragment AddressUserError on UserErrorsCustomerAddressUserErrors {
    code
    field
    message
  }
`;
