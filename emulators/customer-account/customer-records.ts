/** A postal address as Shopify's Customer Account API stores it (`CustomerAddressInput` fields). */
export interface AddressFields {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  zoneCode: string | null;
  territoryCode: string | null;
  zip: string | null;
  phoneNumber: string | null;
}

export interface CustomerAddress extends AddressFields {
  id: string;
}

export interface Metafield {
  namespace: string;
  key: string;
  type: string;
  value: string;
  createdAt: string;
  updatedAt: string;
}

export interface Customer {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  createdAt: string;
  tags: string[];
  /** Shown on the emulator's sign-in page ("Everyday customer", "Commercial customer", …). */
  demoRole: string | null;
  defaultAddressId: string | null;
  addresses: CustomerAddress[];
  metafields: Metafield[];
}

export interface OrderLineItem {
  id: string;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  quantity: number;
  /** Decimal string in the order's currency, as Shopify serialises `Decimal`. */
  price: string;
  totalPrice: string;
  productId: string | null;
  variantId: string | null;
  productType: string | null;
  vendor: string | null;
  /** `url` is absolute or a path on the shop's origin (e.g. the storefront emulator's images). */
  image: { url: string; altText: string | null } | null;
}

export interface OrderFulfillment {
  id: string;
  createdAt: string;
  trackingCompany: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

export type OrderFinancialStatus =
  | "AUTHORIZED"
  | "EXPIRED"
  | "PAID"
  | "PARTIALLY_PAID"
  | "PARTIALLY_REFUNDED"
  | "PENDING"
  | "REFUNDED"
  | "VOIDED";

export type OrderFulfillmentStatus =
  | "FULFILLED"
  | "IN_PROGRESS"
  | "ON_HOLD"
  | "OPEN"
  | "PARTIALLY_FULFILLED"
  | "PENDING_FULFILLMENT"
  | "READY_FOR_DELIVERY"
  | "READY_FOR_PICKUP"
  | "RESTOCKED"
  | "SCHEDULED"
  | "UNFULFILLED";

export interface Order {
  id: string;
  customerId: string;
  number: number;
  name: string;
  email: string | null;
  processedAt: string;
  updatedAt: string;
  currencyCode: string;
  financialStatus: OrderFinancialStatus;
  fulfillmentStatus: OrderFulfillmentStatus;
  note: string | null;
  poNumber: string | null;
  lineItems: OrderLineItem[];
  shippingLine: { title: string; price: string } | null;
  shippingAddress: AddressFields | null;
  billingAddress: AddressFields | null;
  fulfillments: OrderFulfillment[];
  subtotal: string;
  totalShipping: string;
  totalTax: string;
  totalPrice: string;
}

export interface NewOrderLineItem {
  title: string;
  variantTitle?: string | null;
  sku?: string | null;
  quantity: number;
  price: string;
  productId?: string | null;
  variantId?: string | null;
  productType?: string | null;
  vendor?: string | null;
  image?: { url: string; altText: string | null } | null;
}

/** What a checkout hands over; ids, number, name and totals are assigned by the store. */
export interface NewOrder {
  lineItems: NewOrderLineItem[];
  shippingLine?: { title: string; price: string } | null;
  shippingAddress?: AddressFields | null;
  billingAddress?: AddressFields | null;
  processedAt?: string;
  financialStatus?: OrderFinancialStatus;
  fulfillmentStatus?: OrderFulfillmentStatus;
  fulfillments?: Omit<OrderFulfillment, "id">[];
  note?: string | null;
  poNumber?: string | null;
  currencyCode?: string;
}

export interface DemoCustomerSummary {
  id: string;
  email: string;
  displayName: string;
  demoRole: string | null;
}

/**
 * The customer-account emulator's data. Every method scopes by customer: an id belonging to
 * someone else behaves exactly like an id that does not exist.
 */
export interface CustomerStore {
  getCustomer(customerId: string): Promise<Customer | undefined>;
  findCustomerByEmail(email: string): Promise<Customer | undefined>;
  listDemoCustomers(): Promise<DemoCustomerSummary[]>;
  updateCustomerName(
    customerId: string,
    name: { firstName?: string | null; lastName?: string | null },
  ): Promise<Customer | undefined>;
  createAddress(
    customerId: string,
    address: AddressFields,
    options?: { makeDefault?: boolean },
  ): Promise<CustomerAddress | undefined>;
  updateAddress(
    customerId: string,
    addressId: string,
    changes: Partial<AddressFields>,
    options?: { makeDefault?: boolean },
  ): Promise<CustomerAddress | undefined>;
  deleteAddress(customerId: string, addressId: string): Promise<boolean>;
  setDefaultAddress(customerId: string, addressId: string): Promise<boolean>;
  listOrders(customerId: string): Promise<Order[]>;
  getOrder(customerId: string, orderId: string): Promise<Order | undefined>;
  addOrder(customerId: string, order: NewOrder): Promise<Order>;
}

export function displayNameOf(customer: Pick<Customer, "firstName" | "lastName" | "email">) {
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ");
  return name || customer.email;
}

export function emptyAddress(): AddressFields {
  return {
    firstName: null,
    lastName: null,
    company: null,
    address1: null,
    address2: null,
    city: null,
    zoneCode: null,
    territoryCode: null,
    zip: null,
    phoneNumber: null,
  };
}

export const addressFieldNames = Object.keys(emptyAddress()) as (keyof AddressFields)[];

export function sameAddress(a: AddressFields, b: AddressFields): boolean {
  const normalise = (value: string | null) => (value ?? "").trim().toLowerCase();
  return addressFieldNames.every((field) => normalise(a[field]) === normalise(b[field]));
}

/** Shopify ids are `gid://shopify/<Type>/<n>`; the store hands out numbers per type. */
export function gid(type: string, n: number): string {
  return `gid://shopify/${type}/${n}`;
}

export function gidNumber(id: string): number {
  const n = Number(id.slice(id.lastIndexOf("/") + 1));
  return Number.isInteger(n) ? n : 0;
}
