import type { TypedOperation } from "../../graphql/typed-operation";
import type {
  CustomerAddressCreateMutation,
  CustomerAddressCreateMutationVariables,
  CustomerAddressDeleteMutation,
  CustomerAddressDeleteMutationVariables,
  CustomerAddressUpdateMutation,
  CustomerAddressUpdateMutationVariables,
} from "./customer-account.generated";
import { ADDRESS_USER_ERROR_FRAGMENT, CUSTOMER_ADDRESS_FRAGMENT } from "./fragments";

export const CUSTOMER_ADDRESS_CREATE_MUTATION = `#graphql
  mutation CustomerAddressCreate($address: CustomerAddressInput!, $defaultAddress: Boolean) {
    customerAddressCreate(address: $address, defaultAddress: $defaultAddress) {
      customerAddress {
        ...CustomerAddress
      }
      userErrors {
        ...AddressUserError
      }
    }
  }
  ${CUSTOMER_ADDRESS_FRAGMENT}
  ${ADDRESS_USER_ERROR_FRAGMENT}
` as TypedOperation<CustomerAddressCreateMutation, CustomerAddressCreateMutationVariables>;

/** Also sets the default address (`defaultAddress: true`, no `address`). */
export const CUSTOMER_ADDRESS_UPDATE_MUTATION = `#graphql
  mutation CustomerAddressUpdate(
    $addressId: ID!
    $address: CustomerAddressInput
    $defaultAddress: Boolean
  ) {
    customerAddressUpdate(
      addressId: $addressId
      address: $address
      defaultAddress: $defaultAddress
    ) {
      customerAddress {
        ...CustomerAddress
      }
      userErrors {
        ...AddressUserError
      }
    }
  }
  ${CUSTOMER_ADDRESS_FRAGMENT}
  ${ADDRESS_USER_ERROR_FRAGMENT}
` as TypedOperation<CustomerAddressUpdateMutation, CustomerAddressUpdateMutationVariables>;

export const CUSTOMER_ADDRESS_DELETE_MUTATION = `#graphql
  mutation CustomerAddressDelete($addressId: ID!) {
    customerAddressDelete(addressId: $addressId) {
      deletedAddressId
      userErrors {
        ...AddressUserError
      }
    }
  }
  ${ADDRESS_USER_ERROR_FRAGMENT}
` as TypedOperation<CustomerAddressDeleteMutation, CustomerAddressDeleteMutationVariables>;
