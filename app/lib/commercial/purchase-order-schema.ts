import {
  bigint,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { PurchaseOrderLine, PurchaseOrderStatus, ShippingSelection } from "./purchase-order";

// Purchase orders are Lagoon's own records (product §3): the platform never sees one until staff
// approve it. The app owns these tables; drizzle.config.ts lists this file.
export const purchaseOrders = pgTable(
  "purchase_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Feeds the human-readable number, PO-{year}-{sequence padded to 5}. */
    sequence: bigint("sequence", { mode: "number" }).generatedByDefaultAsIdentity({
      startWith: 42,
    }),
    number: text("number").notNull(),
    customerId: text("customer_id").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerName: text("customer_name").notNull(),
    company: text("company"),
    /** From the form: a second submit of the same form finds the first order (product §4). */
    idempotencyKey: text("idempotency_key").notNull(),
    reference: text("reference").notNull(),
    lines: jsonb("lines").$type<PurchaseOrderLine[]>().notNull(),
    currencyCode: text("currency_code").notNull(),
    subtotal: text("subtotal").notNull(),
    total: text("total").notNull(),
    shipping: jsonb("shipping").$type<ShippingSelection>().notNull(),
    notes: text("notes"),
    requestedDeliveryDate: date("requested_delivery_date", { mode: "string" }),
    status: text("status").$type<PurchaseOrderStatus>().notNull(),
    /** Shopify draft order made when staff approved it, where the Admin API is configured. */
    draftOrderId: text("draft_order_id"),
    /** That draft order's name as Shopify shows it (#D12): the customer is told it. */
    draftOrderName: text("draft_order_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("purchase_orders_number_idx").on(table.number),
    uniqueIndex("purchase_orders_idempotency_idx").on(table.customerId, table.idempotencyKey),
    index("purchase_orders_customer_idx").on(table.customerId, table.sequence),
  ],
);

/** Every status an order has had: who set it and when (the detail page's history). */
export const purchaseOrderEvents = pgTable(
  "purchase_order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    status: text("status").$type<PurchaseOrderStatus>().notNull(),
    actor: text("actor").notNull(),
    /** Why staff rejected the order (required), or their note on an approval (optional). */
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("purchase_order_events_order_idx").on(table.orderId, table.at)],
);

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderEventRow = typeof purchaseOrderEvents.$inferSelect;
