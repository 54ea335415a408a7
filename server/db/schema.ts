import {
  bigint,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// Mail waits here until a sender delivers it, so a crash between a purchase order's commit and
// the email to staff loses nothing (ARCHITECTURE: "an outbox table").
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // PGlite's clock can give two quick inserts the same created_at; this orders them.
    sequenceNumber: bigint("sequence_number", { mode: "number" }).generatedAlwaysAsIdentity(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    kind: text("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("mail_outbox_sequence_number_idx").on(table.sequenceNumber)],
);

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
