import type { Customer, Order } from "./customer-records";

// Where the customer-account emulator keeps its customers and their orders: the contract the
// customer store writes through (server/db/emulator-customers.ts implements it on the app's
// database, so embedded accounts outlive a restart), and the in-memory storage used by default.

/** The numbers the store hands out, each from its own sequence (ids are `gid://…/<n>`). */
export type CustomerCounter = "address" | "order" | "orderName" | "lineItem" | "fulfillment";

export interface StoredCustomer {
  customer: Customer;
  /** Bumped by every write; a save succeeds only on top of the version it was read at. */
  version: number;
}

export interface CustomerStorage {
  /**
   * Stores the customers and orders not stored yet (by id) and raises each counter to at least
   * the given next number; what is stored already keeps its changes. Safe to run from several
   * processes at once.
   */
  seed(seed: {
    customers: Customer[];
    orders: Order[];
    nextNumbers: Record<CustomerCounter, number>;
  }): Promise<void>;
  loadCustomer(customerId: string): Promise<StoredCustomer | undefined>;
  findCustomerByEmail(email: string): Promise<StoredCustomer | undefined>;
  /** Every customer, in the order they were seeded. */
  listCustomers(): Promise<Customer[]>;
  /** Stores `customer` at `version` if the stored copy is still at `version - 1`. */
  saveCustomer(customer: Customer, version: number): Promise<boolean>;
  /** Takes `count` consecutive numbers from a counter; answers the first. */
  takeNumbers(counter: CustomerCounter, count: number): Promise<number>;
  addOrder(order: Order): Promise<void>;
  /** A customer's orders, oldest number first. */
  listOrders(customerId: string): Promise<Order[]>;
  getOrder(orderId: string): Promise<Order | undefined>;
}

export function createMemoryCustomerStorage(): CustomerStorage {
  const customers = new Map<string, StoredCustomer>();
  const orders = new Map<string, Order>();
  const counters = new Map<CustomerCounter, number>();
  const copy = (stored: StoredCustomer | undefined) => stored && structuredClone(stored);

  return {
    async seed(seed) {
      for (const customer of seed.customers) {
        if (!customers.has(customer.id)) {
          customers.set(customer.id, { customer: structuredClone(customer), version: 1 });
        }
      }
      for (const order of seed.orders) {
        if (!orders.has(order.id)) orders.set(order.id, structuredClone(order));
      }
      for (const [counter, next] of Object.entries(seed.nextNumbers) as [
        CustomerCounter,
        number,
      ][]) {
        counters.set(counter, Math.max(counters.get(counter) ?? 1, next));
      }
    },
    async loadCustomer(customerId) {
      return copy(customers.get(customerId));
    },
    async findCustomerByEmail(email) {
      const wanted = email.trim().toLowerCase();
      return copy(
        [...customers.values()].find((stored) => stored.customer.email.toLowerCase() === wanted),
      );
    },
    async listCustomers() {
      return [...customers.values()].map((stored) => structuredClone(stored.customer));
    },
    async saveCustomer(customer, version) {
      const stored = customers.get(customer.id);
      if ((stored?.version ?? 0) !== version - 1) return false;
      customers.set(customer.id, { customer: structuredClone(customer), version });
      return true;
    },
    async takeNumbers(counter, count) {
      const first = counters.get(counter) ?? 1;
      counters.set(counter, first + count);
      return first;
    },
    async addOrder(order) {
      orders.set(order.id, structuredClone(order));
    },
    async listOrders(customerId) {
      return [...orders.values()]
        .filter((order) => order.customerId === customerId)
        .sort((a, b) => a.number - b.number)
        .map((order) => structuredClone(order));
    },
    async getOrder(orderId) {
      const order = orders.get(orderId);
      return order && structuredClone(order);
    },
  };
}
