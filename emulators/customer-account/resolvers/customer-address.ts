import { GraphQLEnumType, type GraphQLSchema } from "graphql";
import {
  type AddressUserError,
  formatAddress,
  normaliseAddressInput,
  normalisePhoneNumber,
  validateAddress,
} from "../address";
import { type AddressFields, emptyAddress, sameAddress } from "../customer-records";
import { type CustomerAccountContext, setResolver } from "./context";
import { addressNode, record } from "./nodes";

// biome-ignore lint/suspicious/noExplicitAny: arguments arrive as graphql-js coerced them
type Args = Record<string, any>;

export function installCustomerAddressResolvers(schema: GraphQLSchema): void {
  const knownTerritories = knownTerritoriesOf(schema);
  setResolver(schema, "CustomerAddress", "formatted", (source, args) =>
    formatAddress(source[record] as AddressFields, {
      withName: args.withName === true,
      withCompany: args.withCompany !== false,
    }),
  );
  setResolver(schema, "Mutation", "customerAddressCreate", (_source, args, context) =>
    createAddress(args, context, knownTerritories),
  );
  setResolver(schema, "Mutation", "customerAddressUpdate", (_source, args, context) =>
    updateAddress(args, context, knownTerritories),
  );
  setResolver(schema, "Mutation", "customerAddressDelete", (_source, args, context) =>
    deleteAddress(args, context),
  );
}

function knownTerritoriesOf(schema: GraphQLSchema): ReadonlySet<string> {
  const countryCode = schema.getType("CountryCode");
  if (!(countryCode instanceof GraphQLEnumType)) throw new Error("CountryCode enum missing");
  // ZZ is Shopify's "unknown region", not a place an address can be in.
  return new Set(
    countryCode
      .getValues()
      .map((value) => value.name)
      .filter((name) => name !== "ZZ"),
  );
}

async function createAddress(
  args: Args,
  { customerId, store }: CustomerAccountContext,
  knownTerritories: ReadonlySet<string>,
) {
  const customer = await store.getCustomer(customerId);
  if (!customer) return { customerAddress: null, userErrors: [] };
  const address = completeAddress({
    ...emptyAddress(),
    ...normaliseAddressInput(args.address),
  });
  const userErrors = validateAddress(address, knownTerritories);
  if (userErrors.length === 0 && customer.addresses.some((saved) => sameAddress(saved, address))) {
    userErrors.push(duplicateAddressError);
  }
  if (userErrors.length > 0) return { customerAddress: null, userErrors };
  const created = await store.createAddress(customerId, address, {
    makeDefault: args.defaultAddress === true,
  });
  return { customerAddress: created ? addressNode(created) : null, userErrors: [] };
}

async function updateAddress(
  args: Args,
  { customerId, store }: CustomerAccountContext,
  knownTerritories: ReadonlySet<string>,
) {
  const addressId = String(args.addressId);
  const customer = await store.getCustomer(customerId);
  const saved = customer?.addresses.find((address) => address.id === addressId);
  if (!customer || !saved) {
    return { customerAddress: null, userErrors: [addressNotFoundError] };
  }
  if (args.defaultAddress === false && customer.defaultAddressId === addressId) {
    return { customerAddress: null, userErrors: [demotingDefaultError] };
  }
  const changes = args.address ? normaliseAddressInput(args.address) : {};
  const { id: _id, ...savedFields } = saved;
  const address = completeAddress({ ...savedFields, ...changes });
  const userErrors = validateAddress(address, knownTerritories);
  const others = customer.addresses.filter((other) => other.id !== addressId);
  if (userErrors.length === 0 && others.some((other) => sameAddress(other, address))) {
    userErrors.push(duplicateAddressError);
  }
  if (userErrors.length > 0) return { customerAddress: null, userErrors };
  const updated = await store.updateAddress(customerId, addressId, address, {
    makeDefault: args.defaultAddress === true,
  });
  return { customerAddress: updated ? addressNode(updated) : null, userErrors: [] };
}

async function deleteAddress(args: Args, { customerId, store }: CustomerAccountContext) {
  const addressId = String(args.addressId);
  const customer = await store.getCustomer(customerId);
  if (!customer?.addresses.some((address) => address.id === addressId)) {
    return { deletedAddressId: null, userErrors: [addressNotFoundError] };
  }
  if (customer.defaultAddressId === addressId && customer.addresses.length > 1) {
    return { deletedAddressId: null, userErrors: [deletingDefaultError] };
  }
  await store.deleteAddress(customerId, addressId);
  return { deletedAddressId: addressId, userErrors: [] };
}

function userError(code: AddressUserError["code"], field: string, message: string) {
  return { code, field: [field], message } satisfies AddressUserError;
}

const addressNotFoundError = userError(
  "ADDRESS_ID_DOES_NOT_EXIST",
  "addressId",
  "Address does not exist",
);
const duplicateAddressError = userError(
  "CUSTOMER_ADDRESS_ALREADY_EXISTS",
  "address",
  "This address already exists",
);
const demotingDefaultError = userError(
  "DEMOTING_CUSTOMER_DEFAULT_ADDRESS_NOT_ALLOWED",
  "defaultAddress",
  "Choose another default address first",
);
const deletingDefaultError = userError(
  "DELETING_CUSTOMER_DEFAULT_ADDRESS_NOT_ALLOWED",
  "addressId",
  "Choose another default address before deleting this one",
);

function completeAddress(address: AddressFields): AddressFields {
  const phoneNumber = address.phoneNumber
    ? (normalisePhoneNumber(address.phoneNumber, address.territoryCode) ?? address.phoneNumber)
    : null;
  return { ...address, phoneNumber };
}
