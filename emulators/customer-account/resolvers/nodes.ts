import { createHash } from "node:crypto";
import { formatArea, fullName } from "../address";
import {
  type AddressFields,
  type Customer,
  type CustomerAddress,
  displayNameOf,
  gidNumber,
  type Metafield,
  type Order,
  type OrderFulfillment,
  type OrderLineItem,
} from "../customer-records";
import { territoryName, zoneName } from "../territories";

// Stored records reshaped into the API's objects. Each keeps its record under `record` (and its
// metafields under `metafieldsKey`) for the resolvers of fields that take arguments.

export const record = Symbol("record");

export const metafieldsKey = Symbol("metafields");

export interface OwnedMetafields {
  find(namespace: string, key: string): Record<string, unknown> | null;
}

export function ownedMetafields(ownerId: string, metafields: Metafield[]): OwnedMetafields {
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

export function money(amount: string, currencyCode: string) {
  return { __typename: "MoneyV2", amount, currencyCode };
}

export function customerNode(customer: Customer) {
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

export function addressNode(address: CustomerAddress) {
  return { ...addressFieldsNode(address), id: address.id };
}

export function addressFieldsNode(address: AddressFields) {
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

export function orderNode(order: Order) {
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

export function lineItemNode(line: OrderLineItem, currencyCode: string, origin: string) {
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

export function fulfillmentNode(fulfillment: OrderFulfillment, order: Order) {
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
