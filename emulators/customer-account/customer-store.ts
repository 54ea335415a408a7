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

const addressFieldNames = Object.keys(emptyAddress()) as (keyof AddressFields)[];

export function sameAddress(a: AddressFields, b: AddressFields): boolean {
  const normalise = (value: string | null) => (value ?? "").trim().toLowerCase();
  return addressFieldNames.every((field) => normalise(a[field]) === normalise(b[field]));
}

export function toCents(amount: string): number {
  return Math.round(Number(amount) * 100);
}

export function fromCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Shopify ids are `gid://shopify/<Type>/<n>`; the store hands out numbers per type. */
export function gid(type: string, n: number): string {
  return `gid://shopify/${type}/${n}`;
}

export function gidNumber(id: string): number {
  const n = Number(id.slice(id.lastIndexOf("/") + 1));
  return Number.isInteger(n) ? n : 0;
}

// Australian prices include 10 % GST, so the tax is a share of the total, not added to it.
const GST_DIVISOR = 11;

export function orderTotals(lineItems: { price: string; quantity: number }[], shipping: string) {
  const subtotalCents = lineItems.reduce(
    (sum, line) => sum + toCents(line.price) * line.quantity,
    0,
  );
  const shippingCents = toCents(shipping);
  const totalCents = subtotalCents + shippingCents;
  return {
    subtotal: fromCents(subtotalCents),
    totalShipping: fromCents(shippingCents),
    totalTax: fromCents(Math.round(totalCents / GST_DIVISOR)),
    totalPrice: fromCents(totalCents),
  };
}

/** In-memory store; demo data is loaded with `createDemoCustomerStore` (demo-customers.ts). */
export class InMemoryCustomerStore implements CustomerStore {
  readonly #customers = new Map<string, Customer>();
  readonly #orders = new Map<string, Order>();
  #nextAddressNumber = 1;
  #nextOrderNumber = 1;
  #nextOrderNameNumber = 1001;
  #nextLineItemNumber = 1;
  #nextFulfillmentNumber = 1;

  constructor(customers: Customer[] = [], orders: Order[] = []) {
    for (const customer of customers) {
      this.#customers.set(customer.id, structuredClone(customer));
      for (const address of customer.addresses) {
        this.#nextAddressNumber = Math.max(this.#nextAddressNumber, gidNumber(address.id) + 1);
      }
    }
    for (const order of orders) {
      this.#orders.set(order.id, structuredClone(order));
      this.#nextOrderNumber = Math.max(this.#nextOrderNumber, gidNumber(order.id) + 1);
      this.#nextOrderNameNumber = Math.max(this.#nextOrderNameNumber, order.number + 1);
      for (const line of order.lineItems) {
        this.#nextLineItemNumber = Math.max(this.#nextLineItemNumber, gidNumber(line.id) + 1);
      }
      for (const fulfillment of order.fulfillments) {
        this.#nextFulfillmentNumber = Math.max(
          this.#nextFulfillmentNumber,
          gidNumber(fulfillment.id) + 1,
        );
      }
    }
  }

  async getCustomer(customerId: string) {
    const customer = this.#customers.get(customerId);
    return customer && structuredClone(customer);
  }

  async findCustomerByEmail(email: string) {
    const wanted = email.trim().toLowerCase();
    for (const customer of this.#customers.values()) {
      if (customer.email.toLowerCase() === wanted) return structuredClone(customer);
    }
    return undefined;
  }

  async listDemoCustomers() {
    return [...this.#customers.values()].map((customer) => ({
      id: customer.id,
      email: customer.email,
      displayName: displayNameOf(customer),
      demoRole: customer.demoRole,
    }));
  }

  async updateCustomerName(
    customerId: string,
    name: { firstName?: string | null; lastName?: string | null },
  ) {
    const customer = this.#customers.get(customerId);
    if (!customer) return undefined;
    if (name.firstName !== undefined) customer.firstName = name.firstName;
    if (name.lastName !== undefined) customer.lastName = name.lastName;
    return structuredClone(customer);
  }

  async createAddress(
    customerId: string,
    address: AddressFields,
    options: { makeDefault?: boolean } = {},
  ) {
    const customer = this.#customers.get(customerId);
    if (!customer) return undefined;
    const created: CustomerAddress = {
      ...emptyAddress(),
      ...address,
      id: gid("CustomerAddress", this.#nextAddressNumber++),
    };
    customer.addresses.push(created);
    // Shopify makes a customer's first address the default one.
    if (options.makeDefault || !customer.defaultAddressId) customer.defaultAddressId = created.id;
    return structuredClone(created);
  }

  async updateAddress(
    customerId: string,
    addressId: string,
    changes: Partial<AddressFields>,
    options: { makeDefault?: boolean } = {},
  ) {
    const customer = this.#customers.get(customerId);
    const address = customer?.addresses.find((candidate) => candidate.id === addressId);
    if (!customer || !address) return undefined;
    for (const field of addressFieldNames) {
      const value = changes[field];
      if (value !== undefined) address[field] = value;
    }
    if (options.makeDefault) customer.defaultAddressId = address.id;
    return structuredClone(address);
  }

  async deleteAddress(customerId: string, addressId: string) {
    const customer = this.#customers.get(customerId);
    const index = customer?.addresses.findIndex((address) => address.id === addressId) ?? -1;
    if (!customer || index < 0) return false;
    customer.addresses.splice(index, 1);
    if (customer.defaultAddressId === addressId) {
      customer.defaultAddressId = customer.addresses[0]?.id ?? null;
    }
    return true;
  }

  async setDefaultAddress(customerId: string, addressId: string) {
    const customer = this.#customers.get(customerId);
    if (!customer?.addresses.some((address) => address.id === addressId)) return false;
    customer.defaultAddressId = addressId;
    return true;
  }

  async listOrders(customerId: string) {
    return [...this.#orders.values()]
      .filter((order) => order.customerId === customerId)
      .map((order) => structuredClone(order));
  }

  async getOrder(customerId: string, orderId: string) {
    const order = this.#orders.get(orderId);
    return order?.customerId === customerId ? structuredClone(order) : undefined;
  }

  async addOrder(customerId: string, newOrder: NewOrder) {
    const customer = this.#customers.get(customerId);
    if (!customer) throw new Error(`Unknown customer ${customerId}`);
    if (newOrder.lineItems.length === 0) throw new Error("An order needs at least one line item");
    const processedAt = newOrder.processedAt ?? new Date().toISOString();
    const number = this.#nextOrderNameNumber++;
    const lineItems = newOrder.lineItems.map(
      (line): OrderLineItem => ({
        id: gid("LineItem", this.#nextLineItemNumber++),
        title: line.title,
        variantTitle: line.variantTitle ?? null,
        sku: line.sku ?? null,
        quantity: line.quantity,
        price: fromCents(toCents(line.price)),
        totalPrice: fromCents(toCents(line.price) * line.quantity),
        productId: line.productId ?? null,
        variantId: line.variantId ?? null,
        productType: line.productType ?? null,
        vendor: line.vendor ?? null,
        image: line.image ?? null,
      }),
    );
    const shippingLine = newOrder.shippingLine
      ? {
          title: newOrder.shippingLine.title,
          price: fromCents(toCents(newOrder.shippingLine.price)),
        }
      : null;
    const order: Order = {
      id: gid("Order", this.#nextOrderNumber++),
      customerId,
      number,
      name: `#${number}`,
      email: customer.email,
      processedAt,
      updatedAt: processedAt,
      currencyCode: newOrder.currencyCode ?? "AUD",
      financialStatus: newOrder.financialStatus ?? "PAID",
      fulfillmentStatus: newOrder.fulfillmentStatus ?? "UNFULFILLED",
      note: newOrder.note ?? null,
      poNumber: newOrder.poNumber ?? null,
      lineItems,
      shippingLine,
      shippingAddress: newOrder.shippingAddress ?? null,
      billingAddress: newOrder.billingAddress ?? newOrder.shippingAddress ?? null,
      fulfillments: (newOrder.fulfillments ?? []).map((fulfillment) => ({
        ...fulfillment,
        id: gid("Fulfillment", this.#nextFulfillmentNumber++),
      })),
      ...orderTotals(lineItems, shippingLine?.price ?? "0"),
    };
    this.#orders.set(order.id, order);
    return structuredClone(order);
  }
}
