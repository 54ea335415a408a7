import { setTimeout } from "node:timers/promises";
import {
  addressFieldNames,
  type Customer,
  type CustomerAddress,
  type CustomerStore,
  displayNameOf,
  emptyAddress,
  gid,
  type NewOrder,
  type Order,
  type OrderLineItem,
} from "./customer-records";
import type { CustomerStorage } from "./customer-storage";
import { fromCents, orderTotals, toCents } from "./order-totals";

// The customer-account emulator's data, with Shopify's rules, kept in a CustomerStorage (in
// memory, or on the app's database in embedded mode). A customer is changed as a whole: read,
// changed, saved on top of the version it was read at, again from the top if another write came
// between, so app processes sharing one database never lose each other's changes.

// Writes that collide try again after a random pause that grows, so a burst of them (several
// processes, several tabs) spreads out instead of colliding again in step.
const MAX_SAVE_ATTEMPTS = 20;
const collisionPause = (attempt: number) => setTimeout(Math.random() * 2 ** Math.min(attempt, 6));

/** The numbers an order takes: its id, its name, its first line item and first fulfillment. */
export interface OrderNumbers {
  order: number;
  orderName: number;
  lineItem: number;
  fulfillment: number;
}

/** An order as the store keeps it, from what a checkout (or the demo data) hands over. */
export function buildOrder(
  customer: Pick<Customer, "id" | "email">,
  newOrder: NewOrder,
  numbers: OrderNumbers,
): Order {
  if (newOrder.lineItems.length === 0) throw new Error("An order needs at least one line item");
  const processedAt = newOrder.processedAt ?? new Date().toISOString();
  const lineItems = newOrder.lineItems.map(
    (line, index): OrderLineItem => ({
      id: gid("LineItem", numbers.lineItem + index),
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
    ? { title: newOrder.shippingLine.title, price: fromCents(toCents(newOrder.shippingLine.price)) }
    : null;
  return {
    id: gid("Order", numbers.order),
    customerId: customer.id,
    number: numbers.orderName,
    name: `#${numbers.orderName}`,
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
    fulfillments: (newOrder.fulfillments ?? []).map((fulfillment, index) => ({
      ...fulfillment,
      id: gid("Fulfillment", numbers.fulfillment + index),
    })),
    ...orderTotals(lineItems, shippingLine?.price ?? "0"),
  };
}

export function createCustomerStore(storage: CustomerStorage): CustomerStore {
  /**
   * Applies `change` to the stored customer and saves it; `change` answers what the caller gets,
   * or undefined to leave the customer as it was. Undefined for an unknown customer.
   */
  async function changeCustomer<T>(
    customerId: string,
    change: (customer: Customer) => T | undefined,
  ): Promise<T | undefined> {
    for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt++) {
      const stored = await storage.loadCustomer(customerId);
      if (!stored) return undefined;
      const result = change(stored.customer);
      if (result === undefined) return undefined;
      if (await storage.saveCustomer(stored.customer, stored.version + 1)) {
        return structuredClone(result);
      }
      await collisionPause(attempt);
    }
    throw new Error(`Customer ${customerId} is too busy: ${MAX_SAVE_ATTEMPTS} writes collided`);
  }

  return {
    async getCustomer(customerId) {
      return (await storage.loadCustomer(customerId))?.customer;
    },

    async findCustomerByEmail(email) {
      return (await storage.findCustomerByEmail(email))?.customer;
    },

    async listDemoCustomers() {
      return (await storage.listCustomers()).map((customer) => ({
        id: customer.id,
        email: customer.email,
        displayName: displayNameOf(customer),
        demoRole: customer.demoRole,
      }));
    },

    updateCustomerName(customerId, name) {
      return changeCustomer(customerId, (customer) => {
        if (name.firstName !== undefined) customer.firstName = name.firstName;
        if (name.lastName !== undefined) customer.lastName = name.lastName;
        return customer;
      });
    },

    async createAddress(customerId, address, options = {}) {
      if (!(await storage.loadCustomer(customerId))) return undefined;
      const id = gid("CustomerAddress", await storage.takeNumbers("address", 1));
      return changeCustomer(customerId, (customer) => {
        const created: CustomerAddress = { ...emptyAddress(), ...address, id };
        customer.addresses.push(created);
        // Shopify makes a customer's first address the default one.
        if (options.makeDefault || !customer.defaultAddressId) customer.defaultAddressId = id;
        return created;
      });
    },

    updateAddress(customerId, addressId, changes, options = {}) {
      return changeCustomer(customerId, (customer) => {
        const address = customer.addresses.find((candidate) => candidate.id === addressId);
        if (!address) return undefined;
        for (const field of addressFieldNames) {
          const value = changes[field];
          if (value !== undefined) address[field] = value;
        }
        if (options.makeDefault) customer.defaultAddressId = address.id;
        return address;
      });
    },

    async deleteAddress(customerId, addressId) {
      const deleted = await changeCustomer(customerId, (customer) => {
        const index = customer.addresses.findIndex((address) => address.id === addressId);
        if (index < 0) return undefined;
        customer.addresses.splice(index, 1);
        if (customer.defaultAddressId === addressId) {
          customer.defaultAddressId = customer.addresses[0]?.id ?? null;
        }
        return true;
      });
      return deleted === true;
    },

    async setDefaultAddress(customerId, addressId) {
      const set = await changeCustomer(customerId, (customer) => {
        if (!customer.addresses.some((address) => address.id === addressId)) return undefined;
        customer.defaultAddressId = addressId;
        return true;
      });
      return set === true;
    },

    listOrders(customerId) {
      return storage.listOrders(customerId);
    },

    async getOrder(customerId, orderId) {
      const order = await storage.getOrder(orderId);
      return order?.customerId === customerId ? order : undefined;
    },

    async addOrder(customerId, newOrder: NewOrder) {
      const stored = await storage.loadCustomer(customerId);
      if (!stored) throw new Error(`Unknown customer ${customerId}`);
      if (newOrder.lineItems.length === 0) throw new Error("An order needs at least one line item");
      const numbers: OrderNumbers = {
        order: await storage.takeNumbers("order", 1),
        orderName: await storage.takeNumbers("orderName", 1),
        lineItem: await storage.takeNumbers("lineItem", newOrder.lineItems.length),
        fulfillment: await storage.takeNumbers("fulfillment", newOrder.fulfillments?.length ?? 0),
      };
      const order = buildOrder(stored.customer, newOrder, numbers);
      await storage.addOrder(order);
      return order;
    },
  };
}
