import {
  type AddressFields,
  addressFieldNames,
  type Customer,
  type CustomerAddress,
  type CustomerStore,
  displayNameOf,
  emptyAddress,
  gid,
  gidNumber,
  type NewOrder,
  type Order,
  type OrderLineItem,
} from "./customer-records";
import { fromCents, orderTotals, toCents } from "./order-totals";

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
