import { bigint, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
