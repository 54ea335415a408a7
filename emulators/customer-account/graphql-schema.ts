import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  assertValidSchema,
  buildClientSchema,
  GraphQLEnumType,
  type GraphQLFieldResolver,
  GraphQLObjectType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from "graphql";
import { mapConnection, paginateSorted, type SortedConnectionArgs } from "../shared/connection";
import {
  type AddressUserError,
  formatAddress,
  formatArea,
  fullName,
  normaliseAddressInput,
  normalisePhoneNumber,
  validateAddress,
} from "./address";
import {
  type AddressFields,
  type Customer,
  type CustomerAddress,
  type CustomerStore,
  displayNameOf,
  emptyAddress,
  gidNumber,
  type Metafield,
  type Order,
  type OrderFulfillment,
  type OrderLineItem,
  sameAddress,
  toCents,
} from "./customer-store";
import { territoryName, zoneName } from "./territories";

/** Per-request context: the verified customer and the data behind the API. */
export interface CustomerAccountContext {
  customerId: string;
  store: CustomerStore;
  /** The emulator's origin; relative image paths in the store resolve against it. */
  origin: string;
}

const schemaFile = new URL("../../schemas/customer-account.schema.json", import.meta.url);

let customerAccountSchema: GraphQLSchema | undefined;

/** Shopify's published Customer Account schema with the emulator's resolvers, built once. */
export function getCustomerAccountSchema(): GraphQLSchema {
  if (!customerAccountSchema) {
    const introspection = JSON.parse(readFileSync(schemaFile, "utf8")) as
      | IntrospectionQuery
      | { data: IntrospectionQuery };
    const schema = buildClientSchema("data" in introspection ? introspection.data : introspection);
    assertValidSchema(schema);
    attachResolvers(schema);
    customerAccountSchema = schema;
  }
  return customerAccountSchema;
}

const record = Symbol("record");

type Resolver = GraphQLFieldResolver<Record<PropertyKey, unknown>, CustomerAccountContext>;

function setResolver(
  schema: GraphQLSchema,
  typeName: string,
  fieldName: string,
  resolve: Resolver,
) {
  const type = schema.getType(typeName);
  const field = type instanceof GraphQLObjectType ? type.getFields()[fieldName] : undefined;
  if (!field) throw new Error(`Customer Account schema has no ${typeName}.${fieldName}`);
  field.resolve = resolve;
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

function attachResolvers(schema: GraphQLSchema) {
  const knownTerritories = knownTerritoriesOf(schema);

  setResolver(schema, "QueryRoot", "customer", async (_source, _args, { customerId, store }) => {
    const customer = await store.getCustomer(customerId);
    if (!customer) throw new Error("Customer not found");
    return customerNode(customer);
  });

  setResolver(schema, "QueryRoot", "order", async (_source, args, { customerId, store }) => {
    const order = await store.getOrder(customerId, String(args.id));
    return order ? orderNode(order) : null;
  });

  setResolver(schema, "QueryRoot", "shop", () => shopNode);

  setResolver(schema, "Customer", "addresses", (source, args) => {
    const customer = source[record] as Customer;
    const addresses = args.skipDefault
      ? customer.addresses.filter((address) => address.id !== customer.defaultAddressId)
      : customer.addresses;
    return paginateSorted(addresses.map(addressNode), args as SortedConnectionArgs, byId);
  });

  setResolver(schema, "Customer", "orders", async (source, args, { store }) => {
    const customer = source[record] as Customer;
    const orders = await store.listOrders(customer.id);
    const sortKey = (args.sortKey as keyof typeof orderSortValues | undefined) ?? "ID";
    const value = orderSortValues[sortKey];
    const connection = paginateSorted(orders, args as SortedConnectionArgs, {
      value,
      id: (order) => gidNumber(order.id),
    });
    return mapConnection(connection, orderNode);
  });

  setResolver(schema, "Order", "customer", async (source, _args, { store }) => {
    const customer = await store.getCustomer((source[record] as Order).customerId);
    return customer ? customerNode(customer) : null;
  });

  for (const owner of ["Customer", "Order", "Shop"]) {
    setResolver(schema, owner, "metafields", (source, args) => {
      const metafields = source[metafieldsKey] as OwnedMetafields;
      const identifiers = args.identifiers as { namespace: string; key: string }[];
      return identifiers.map(({ namespace, key }) => metafields.find(namespace, key));
    });
    setResolver(schema, owner, "metafield", (source, args) => {
      const metafields = source[metafieldsKey] as OwnedMetafields;
      return metafields.find(String(args.namespace), String(args.key));
    });
  }

  setResolver(schema, "CustomerAddress", "formatted", (source, args) =>
    formatAddress(source[record] as AddressFields, {
      withName: args.withName === true,
      withCompany: args.withCompany !== false,
    }),
  );

  setResolver(schema, "Order", "lineItems", (source, args, { origin }) => {
    const order = source[record] as Order;
    return mapConnection(
      paginateSorted(order.lineItems, args as SortedConnectionArgs, byId),
      (line) => lineItemNode(line, order.currencyCode, origin),
    );
  });

  setResolver(schema, "Order", "fulfillments", (source, args) => {
    const order = source[record] as Order;
    return mapConnection(
      paginateSorted(order.fulfillments, args as SortedConnectionArgs, byId),
      (fulfillment) => fulfillmentNode(fulfillment, order),
    );
  });

  setResolver(schema, "Fulfillment", "fulfillmentLineItems", (source, args, { origin }) => {
    const order = source[record] as Order;
    return mapConnection(
      paginateSorted(order.lineItems, args as SortedConnectionArgs, byId),
      (line) => ({
        __typename: "FulfillmentLineItem",
        id: line.id.replace("LineItem", "FulfillmentLineItem"),
        quantity: line.quantity,
        lineItem: lineItemNode(line, order.currencyCode, origin),
      }),
    );
  });

  setResolver(schema, "Fulfillment", "events", (_source, args) =>
    paginateSorted([], args as SortedConnectionArgs, byId),
  );

  setResolver(
    schema,
    "Mutation",
    "customerUpdate",
    async (_source, args, { customerId, store }) => {
      const input = (args.input ?? {}) as { firstName?: string | null; lastName?: string | null };
      const userErrors = validateCustomerName(input);
      if (userErrors.length > 0) return { customer: null, userErrors };
      const clean = (value: string | null | undefined) =>
        value === undefined ? undefined : value?.trim() || null;
      const customer = await store.updateCustomerName(customerId, {
        firstName: clean(input.firstName),
        lastName: clean(input.lastName),
      });
      return { customer: customer ? customerNode(customer) : null, userErrors: [] };
    },
  );

  setResolver(
    schema,
    "Mutation",
    "customerAddressCreate",
    async (_source, args, { customerId, store }) => {
      const customer = await store.getCustomer(customerId);
      if (!customer) return { customerAddress: null, userErrors: [] };
      const address = completeAddress({
        ...emptyAddress(),
        ...normaliseAddressInput(args.address),
      });
      const userErrors = validateAddress(address, knownTerritories);
      if (
        userErrors.length === 0 &&
        customer.addresses.some((saved) => sameAddress(saved, address))
      ) {
        userErrors.push(duplicateAddressError);
      }
      if (userErrors.length > 0) return { customerAddress: null, userErrors };
      const created = await store.createAddress(customerId, address, {
        makeDefault: args.defaultAddress === true,
      });
      return { customerAddress: created ? addressNode(created) : null, userErrors: [] };
    },
  );

  setResolver(
    schema,
    "Mutation",
    "customerAddressUpdate",
    async (_source, args, { customerId, store }) => {
      const addressId = String(args.addressId);
      const customer = await store.getCustomer(customerId);
      const saved = customer?.addresses.find((address) => address.id === addressId);
      if (!customer || !saved) {
        return { customerAddress: null, userErrors: [addressNotFoundError] };
      }
      if (args.defaultAddress === false && customer.defaultAddressId === addressId) {
        return {
          customerAddress: null,
          userErrors: [
            {
              code: "DEMOTING_CUSTOMER_DEFAULT_ADDRESS_NOT_ALLOWED",
              field: ["defaultAddress"],
              message: "Choose another default address first",
            },
          ],
        };
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
    },
  );

  setResolver(
    schema,
    "Mutation",
    "customerAddressDelete",
    async (_source, args, { customerId, store }) => {
      const addressId = String(args.addressId);
      const customer = await store.getCustomer(customerId);
      if (!customer?.addresses.some((address) => address.id === addressId)) {
        return { deletedAddressId: null, userErrors: [addressNotFoundError] };
      }
      if (customer.defaultAddressId === addressId && customer.addresses.length > 1) {
        return {
          deletedAddressId: null,
          userErrors: [
            {
              code: "DELETING_CUSTOMER_DEFAULT_ADDRESS_NOT_ALLOWED",
              field: ["addressId"],
              message: "Choose another default address before deleting this one",
            },
          ],
        };
      }
      await store.deleteAddress(customerId, addressId);
      return { deletedAddressId: addressId, userErrors: [] };
    },
  );
}

const addressNotFoundError: AddressUserError = {
  code: "ADDRESS_ID_DOES_NOT_EXIST",
  field: ["addressId"],
  message: "Address does not exist",
};

const duplicateAddressError: AddressUserError = {
  code: "CUSTOMER_ADDRESS_ALREADY_EXISTS",
  field: ["address"],
  message: "This address already exists",
};

function completeAddress(address: AddressFields): AddressFields {
  const phoneNumber = address.phoneNumber
    ? (normalisePhoneNumber(address.phoneNumber, address.territoryCode) ?? address.phoneNumber)
    : null;
  return { ...address, phoneNumber };
}

const MAX_NAME_LENGTH = 255;

function validateCustomerName(input: { firstName?: string | null; lastName?: string | null }) {
  const errors: { code: string; field: string[]; message: string }[] = [];
  if (input.firstName === undefined && input.lastName === undefined) {
    errors.push({
      code: "CUSTOMER_INPUT_ARGUMENT_EMPTY",
      field: ["input"],
      message: "Enter a first or last name",
    });
  }
  for (const [field, label] of [
    ["firstName", "First name"],
    ["lastName", "Last name"],
  ] as const) {
    const value = input[field]?.trim();
    if (!value) continue;
    if (/<\/?[a-z][^>]*>/i.test(value)) {
      errors.push({
        code: "CONTAINS_HTML_TAGS",
        field: ["input", field],
        message: `${label} cannot contain HTML tags`,
      });
    } else if (/https?:\/\/|www\./i.test(value)) {
      errors.push({
        code: "CONTAINS_URL",
        field: ["input", field],
        message: `${label} cannot contain a URL`,
      });
    } else if (value.length > MAX_NAME_LENGTH) {
      errors.push({
        code: "TOO_LONG",
        field: ["input", field],
        message: `${label} is too long (maximum is ${MAX_NAME_LENGTH} characters)`,
      });
    }
  }
  return errors;
}

const byId = {
  value: (item: { id: string }) => gidNumber(item.id),
  id: (item: { id: string }) => gidNumber(item.id),
};

const orderSortValues = {
  ID: (order: Order) => gidNumber(order.id),
  CREATED_AT: (order: Order) => Date.parse(order.processedAt),
  PROCESSED_AT: (order: Order) => Date.parse(order.processedAt),
  UPDATED_AT: (order: Order) => Date.parse(order.updatedAt),
  ORDER_NUMBER: (order: Order) => order.number,
  TOTAL_PRICE: (order: Order) => toCents(order.totalPrice),
};

const metafieldsKey = Symbol("metafields");

interface OwnedMetafields {
  find(namespace: string, key: string): Record<string, unknown> | null;
}

function ownedMetafields(ownerId: string, metafields: Metafield[]): OwnedMetafields {
  return {
    find(namespace, key) {
      const metafield = metafields.find(
        (candidate) => candidate.namespace === namespace && candidate.key === key,
      );
      return metafield ? metafieldNode(ownerId, metafield) : null;
    },
  };
}

function metafieldNode(ownerId: string, metafield: Metafield) {
  const digest = createHash("sha256")
    .update(`${ownerId}/${metafield.namespace}/${metafield.key}`)
    .digest();
  return {
    __typename: "Metafield",
    id: `gid://shopify/Metafield/${digest.readUInt32BE(0)}`,
    namespace: metafield.namespace,
    key: metafield.key,
    type: metafield.type,
    value: metafield.value,
    jsonValue: metafieldJsonValue(metafield),
    description: null,
    reference: null,
    references: null,
    createdAt: metafield.createdAt,
    updatedAt: metafield.updatedAt,
    compareDigest: createHash("sha256").update(metafield.value).digest("hex"),
  };
}

function metafieldJsonValue({ type, value }: Metafield): unknown {
  if (type === "boolean") return value === "true";
  if (type === "number_integer" || type === "number_decimal") return Number(value);
  if (type === "json" || type.startsWith("list.")) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

function money(amount: string, currencyCode: string) {
  return { __typename: "MoneyV2", amount, currencyCode };
}

function customerNode(customer: Customer) {
  const defaultAddress = customer.addresses.find(
    (address) => address.id === customer.defaultAddressId,
  );
  return {
    __typename: "Customer",
    [record]: customer,
    [metafieldsKey]: ownedMetafields(customer.id, customer.metafields),
    id: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    displayName: displayNameOf(customer),
    emailAddress: {
      __typename: "CustomerEmailAddress",
      emailAddress: customer.email,
      marketingState: "NOT_SUBSCRIBED",
    },
    phoneNumber: customer.phoneNumber
      ? {
          __typename: "CustomerPhoneNumber",
          phoneNumber: customer.phoneNumber,
          marketingState: "NOT_SUBSCRIBED",
        }
      : null,
    defaultAddress: defaultAddress ? addressNode(defaultAddress) : null,
    createdAt: customer.createdAt,
    creationDate: customer.createdAt,
    tags: customer.tags,
    imageUrl: avatarUrl(customer),
  };
}

function avatarUrl(customer: Customer) {
  const initials = [customer.firstName, customer.lastName]
    .map((name) => name?.[0] ?? "")
    .join("")
    .toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0e7490"/><text x="32" y="41" font-family="sans-serif" font-size="26" fill="#fff" text-anchor="middle">${initials.replace(/[^A-Z]/g, "")}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function addressNode(address: CustomerAddress) {
  return { ...addressFieldsNode(address), id: address.id };
}

function addressFieldsNode(address: AddressFields) {
  const territory = address.territoryCode;
  return {
    __typename: "CustomerAddress",
    [record]: address,
    ...address,
    name: fullName(address),
    country: territory ? territoryName(territory) : null,
    province:
      territory && address.zoneCode ? (zoneName(territory, address.zoneCode) ?? null) : null,
    formattedArea: formatArea(address),
  };
}

function orderAddressNode(order: Order, role: "shipping" | "billing") {
  const address = role === "shipping" ? order.shippingAddress : order.billingAddress;
  if (!address) return null;
  return {
    ...addressFieldsNode(address),
    id: `gid://shopify/CustomerAddress/${gidNumber(order.id)}?model_name=Address&role=${role}`,
  };
}

function orderNode(order: Order) {
  const currency = order.currencyCode;
  const totalQuantity = order.lineItems.reduce((sum, line) => sum + line.quantity, 0);
  return {
    __typename: "Order",
    [record]: order,
    [metafieldsKey]: ownedMetafields(order.id, []),
    id: order.id,
    name: order.name,
    number: order.number,
    confirmationNumber: null,
    email: order.email,
    hasEmail: order.email !== null,
    note: order.note,
    poNumber: order.poNumber,
    processedAt: order.processedAt,
    createdAt: order.processedAt,
    updatedAt: order.updatedAt,
    cancelledAt: null,
    cancelReason: null,
    currencyCode: currency,
    financialStatus: order.financialStatus,
    fulfillmentStatus: order.fulfillmentStatus,
    edited: false,
    requiresShipping: order.shippingAddress !== null,
    hasMultipleFulfillments: order.fulfillments.length > 1,
    shippingAddress: orderAddressNode(order, "shipping"),
    billingAddress: orderAddressNode(order, "billing"),
    shippingLine: order.shippingLine
      ? {
          __typename: "ShippingLine",
          title: order.shippingLine.title,
          handle: order.shippingLine.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
          originalPrice: money(order.shippingLine.price, currency),
        }
      : null,
    shippingTitle: order.shippingLine?.title ?? null,
    subtotal: money(order.subtotal, currency),
    subtotalBeforeDiscounts: money(order.subtotal, currency),
    totalShipping: money(order.totalShipping, currency),
    totalDiscountedShipping: money(order.totalShipping, currency),
    totalTax: money(order.totalTax, currency),
    totalPrice: money(order.totalPrice, currency),
    totalRefunded: money(
      order.financialStatus === "REFUNDED" ? order.totalPrice : "0.00",
      currency,
    ),
    totalDuties: null,
    totalTip: null,
    lineItemsSummary: {
      __typename: "OrderLineItemsSummary",
      lineItemCount: order.lineItems.length,
      totalQuantityOfLineItems: totalQuantity,
      totalQuantityOfLegacyFeesLineItems: 0,
      totalQuantityOfTipLineItems: 0,
    },
    customAttributes: [],
    refunds: [],
    transactions: [],
    taxInvoices: [],
    shippingDiscountAllocations: [],
    orderReceiptMetafields: [],
    legacyRepresentProductsAsFees: false,
  };
}

function lineItemNode(line: OrderLineItem, currencyCode: string, origin: string) {
  const totalPrice = money(line.totalPrice, currencyCode);
  return {
    __typename: "LineItem",
    id: line.id,
    title: line.title,
    presentmentTitle: line.title,
    name: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
    variantTitle: line.variantTitle,
    sku: line.sku,
    quantity: line.quantity,
    soldQuantity: line.quantity,
    refundableQuantity: line.quantity,
    productId: line.productId,
    variantId: line.variantId,
    productType: line.productType,
    vendor: line.vendor,
    image: line.image
      ? {
          __typename: "Image",
          id: null,
          url: new URL(line.image.url, origin).href,
          altText: line.image.altText,
          width: null,
          height: null,
        }
      : null,
    price: money(line.price, currencyCode),
    totalPrice,
    currentTotalPrice: totalPrice,
    totalPriceBeforeDiscounts: totalPrice,
    totalPriceWithDiscounts: totalPrice,
    soldTotalPrice: totalPrice,
    soldDiscountedTotalPrice: totalPrice,
    totalDiscount: money("0.00", currencyCode),
    giftCard: false,
    legacyFee: false,
    requiresShipping: !/course/i.test(line.productType ?? ""),
    customAttributes: [],
    discountAllocations: [],
    discountInformation: [],
    soldDiscountInformation: [],
    variantOptions: null,
    unitPrice: null,
  };
}

function fulfillmentNode(fulfillment: OrderFulfillment, order: Order) {
  return {
    __typename: "Fulfillment",
    [record]: order,
    id: fulfillment.id,
    createdAt: fulfillment.createdAt,
    updatedAt: fulfillment.createdAt,
    estimatedDeliveryAt: null,
    isPickedUp: false,
    requiresShipping: true,
    status: "SUCCESS",
    latestShipmentStatus: order.fulfillmentStatus === "FULFILLED" ? "DELIVERED" : "IN_TRANSIT",
    pickupAddress: null,
    trackingInformation: fulfillment.trackingNumber
      ? [
          {
            __typename: "TrackingInformation",
            company: fulfillment.trackingCompany,
            number: fulfillment.trackingNumber,
            url: fulfillment.trackingUrl,
          },
        ]
      : [],
  };
}

// The demo shop of demo/catalog/shop.json.
const shopNode = {
  __typename: "Shop",
  [metafieldsKey]: ownedMetafields("gid://shopify/Shop/60123401", []),
  id: "gid://shopify/Shop/60123401",
  name: "Coral Bay Pool & Spa",
  email: "hello@coralbaypoolandspa.com.au",
  myshopifyDomain: "coral-bay-pool-and-spa.myshopify.com",
  url: "https://coralbaypoolandspa.com.au",
  shopPolicies: [],
};
