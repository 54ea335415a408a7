import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// The storefront emulator's carts and checkout orders (embedded mode only; emulators/storefront
// defines what it stores, server/db/emulator-carts.ts keeps it here), so a cart survives a
// restart and several app processes share one.
export const emulatorCarts = pgTable("emulator_carts", {
  token: text("token").primaryKey(),
  cart: jsonb("cart").notNull(),
  // Each write names the version it read; a stale one loses and the emulator retries.
  version: integer("version").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const emulatorOrders = pgTable("emulator_orders", {
  number: bigint("number", { mode: "number" })
    .primaryKey()
    .generatedAlwaysAsIdentity({ startWith: 1001 }),
  cartToken: text("cart_token").notNull(),
  customerId: text("customer_id"),
  email: text("email").notNull(),
  order: jsonb("order").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// The customer-account emulator's customers and their orders (embedded mode only;
// emulators/customer-account defines what it stores, server/db/emulator-customers.ts keeps it
// here). The demo customers seed them once; changes made through the emulator then survive a
// restart, and app processes sharing one database share the accounts.
export const emulatorCustomers = pgTable(
  "emulator_customers",
  {
    id: text("id").primaryKey(),
    /** Lower-cased, for signing in by email. */
    email: text("email").notNull(),
    /** Where the customer came in the demo data, for the sign-in page's list. */
    position: integer("position").notNull(),
    customer: jsonb("customer").notNull(),
    // Each write names the version it read; a stale one loses and the emulator retries.
    version: integer("version").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("emulator_customers_email").on(table.email)],
);

export const emulatorCustomerOrders = pgTable(
  "emulator_customer_orders",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id").notNull(),
    /** The order's name without its '#' (1001, 1002, …). */
    number: integer("number").notNull(),
    order: jsonb("order").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("emulator_customer_orders_customer").on(table.customerId, table.number)],
);

/** The next number of each of the emulator's id sequences (addresses, orders, line items…). */
export const emulatorCustomerCounters = pgTable("emulator_customer_counters", {
  name: text("name").primaryKey(),
  next: bigint("next", { mode: "number" }).notNull(),
});
