import { and, asc, eq, sql } from "drizzle-orm";
import type { Customer, CustomerStorage, Order } from "../../emulators/customer-account";
import type { Database } from "./index";
import { emulatorCustomerCounters, emulatorCustomerOrders, emulatorCustomers } from "./schema";

/**
 * The customer-account emulator's customers and orders in the app's database (PGlite or
 * PostgreSQL), so embedded account changes (names, addresses, the default address, orders placed
 * at the storefront emulator's checkout) outlive a restart, and app processes sharing one
 * PostgreSQL share them too.
 */
export function createDatabaseCustomerStorage(db: Database): CustomerStorage {
  const stored = (row: { customer: unknown; version: number } | undefined) =>
    row ? { customer: row.customer as Customer, version: row.version } : undefined;

  return {
    async seed({ customers, orders, nextNumbers }) {
      // Every statement only adds what is missing, so processes starting together agree.
      if (customers.length > 0) {
        await db
          .insert(emulatorCustomers)
          .values(
            customers.map((customer, position) => ({
              id: customer.id,
              email: customer.email.toLowerCase(),
              position,
              customer,
              version: 1,
            })),
          )
          .onConflictDoNothing();
      }
      if (orders.length > 0) {
        await db
          .insert(emulatorCustomerOrders)
          .values(
            orders.map((order) => ({
              id: order.id,
              customerId: order.customerId,
              number: order.number,
              order,
            })),
          )
          .onConflictDoNothing();
      }
      await db
        .insert(emulatorCustomerCounters)
        .values(Object.entries(nextNumbers).map(([name, next]) => ({ name, next })))
        .onConflictDoUpdate({
          target: emulatorCustomerCounters.name,
          set: { next: sql`greatest(${emulatorCustomerCounters.next}, excluded.next)` },
        });
    },

    async loadCustomer(customerId) {
      const [row] = await db
        .select({ customer: emulatorCustomers.customer, version: emulatorCustomers.version })
        .from(emulatorCustomers)
        .where(eq(emulatorCustomers.id, customerId));
      return stored(row);
    },

    async findCustomerByEmail(email) {
      const [row] = await db
        .select({ customer: emulatorCustomers.customer, version: emulatorCustomers.version })
        .from(emulatorCustomers)
        .where(eq(emulatorCustomers.email, email.trim().toLowerCase()));
      return stored(row);
    },

    async listCustomers() {
      const rows = await db
        .select({ customer: emulatorCustomers.customer })
        .from(emulatorCustomers)
        .orderBy(asc(emulatorCustomers.position), asc(emulatorCustomers.id));
      return rows.map((row) => row.customer as Customer);
    },

    async saveCustomer(customer, version) {
      // Compare-and-set: only on top of the version this write was computed from.
      const updated = await db
        .update(emulatorCustomers)
        .set({ customer, version, updatedAt: sql`now()` })
        .where(
          and(eq(emulatorCustomers.id, customer.id), eq(emulatorCustomers.version, version - 1)),
        )
        .returning({ id: emulatorCustomers.id });
      return updated.length === 1;
    },

    async takeNumbers(counter, count) {
      const [row] = await db
        .insert(emulatorCustomerCounters)
        .values({ name: counter, next: 1 + count })
        .onConflictDoUpdate({
          target: emulatorCustomerCounters.name,
          set: { next: sql`${emulatorCustomerCounters.next} + ${count}` },
        })
        .returning({ next: emulatorCustomerCounters.next });
      if (!row) throw new Error(`The counter ${counter} gave no number`);
      return row.next - count;
    },

    async addOrder(order) {
      await db.insert(emulatorCustomerOrders).values({
        id: order.id,
        customerId: order.customerId,
        number: order.number,
        order,
      });
    },

    async listOrders(customerId) {
      const rows = await db
        .select({ order: emulatorCustomerOrders.order })
        .from(emulatorCustomerOrders)
        .where(eq(emulatorCustomerOrders.customerId, customerId))
        .orderBy(asc(emulatorCustomerOrders.number));
      return rows.map((row) => row.order as Order);
    },

    async getOrder(orderId) {
      const [row] = await db
        .select({ order: emulatorCustomerOrders.order })
        .from(emulatorCustomerOrders)
        .where(eq(emulatorCustomerOrders.id, orderId));
      return row ? (row.order as Order) : undefined;
    },
  };
}
