import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../database";
import { enqueueMail } from "../mail/outbox.server";
import { createDecisionToken, type Decision, verifyDecisionToken } from "./decision-link.server";
import {
  type PurchaseOrder,
  type PurchaseOrderLine,
  type PurchaseOrderSummary,
  purchaseOrderNumber,
  type ShippingSelection,
} from "./purchase-order";
import {
  type PurchaseOrderRow,
  purchaseOrderEvents,
  purchaseOrders,
} from "./purchase-order-schema";
import { staffMail } from "./staff-mail";

type Db = DatabaseHandle["db"];

export interface SubmitPurchaseOrderInput {
  idempotencyKey: string;
  customer: { id: string; email: string; name: string; company: string | null };
  lines: PurchaseOrderLine[];
  currencyCode: string;
  subtotal: string;
  total: string;
  reference: string;
  shipping: ShippingSelection;
  notes: string | null;
  requestedDeliveryDate: string | null;
}

export interface StaffMailSettings {
  staffEmail: string;
  /** The shop's public origin: decision links point at it. */
  publicUrl: string;
  /** Signs the decision links (the session secret; a key is derived from it). */
  secret: string;
}

/**
 * Stores a purchase order and the staff email about it in one transaction (product §4): both or
 * neither. The same customer and idempotency key give the first order back (`created: false`),
 * however many times and however concurrently the form is posted.
 */
export async function submitPurchaseOrder(
  db: Db,
  input: SubmitPurchaseOrderInput,
  mail: StaffMailSettings,
): Promise<{ order: PurchaseOrder; created: boolean }> {
  const created = await db.transaction(async (tx) => {
    const next = await tx.execute<{ sequence: string }>(
      sql`select nextval(pg_get_serial_sequence('purchase_orders', 'sequence'))::text as sequence`,
    );
    const sequence = Number(next.rows[0]?.sequence);
    const now = new Date();
    const [row] = await tx
      .insert(purchaseOrders)
      .values({
        sequence,
        number: purchaseOrderNumber(now.getUTCFullYear(), sequence),
        customerId: input.customer.id,
        customerEmail: input.customer.email,
        customerName: input.customer.name,
        company: input.customer.company,
        idempotencyKey: input.idempotencyKey,
        reference: input.reference,
        lines: input.lines,
        currencyCode: input.currencyCode,
        subtotal: input.subtotal,
        total: input.total,
        shipping: input.shipping,
        notes: input.notes,
        requestedDeliveryDate: input.requestedDeliveryDate,
        status: "submitted",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [purchaseOrders.customerId, purchaseOrders.idempotencyKey] })
      .returning();
    if (!row) return null;
    await tx
      .insert(purchaseOrderEvents)
      .values({ orderId: row.id, status: "submitted", actor: input.customer.email, at: now });
    const order = toPurchaseOrder(row, [
      { status: "submitted", actor: input.customer.email, at: now },
    ]);
    await enqueueMail(tx, {
      to: mail.staffEmail,
      kind: "purchase-order",
      ...staffMail(order, decisionLinks(order.id, mail)),
    });
    return order;
  });
  if (created) return { order: created, created: true };
  const existing = await findPurchaseOrderByKey(db, input.customer.id, input.idempotencyKey);
  if (!existing) throw new Error("A purchase order conflicted on its key but cannot be read");
  return { order: existing, created: false };
}

function decisionLinks(orderId: string, mail: StaffMailSettings) {
  const link = (decision: Decision) => {
    const token = createDecisionToken(
      { order: orderId, decision, staff: mail.staffEmail },
      mail.secret,
    );
    return new URL(`/purchase-orders/decision?token=${token}`, mail.publicUrl).toString();
  };
  return { approve: link("approve"), reject: link("reject") };
}

/** The customer's order made from this form key, if one was made already. */
export async function findPurchaseOrderByKey(
  db: Db,
  customerId: string,
  idempotencyKey: string,
): Promise<PurchaseOrder | null> {
  const [row] = await db
    .select()
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.customerId, customerId),
        eq(purchaseOrders.idempotencyKey, idempotencyKey),
      ),
    );
  return row ? withHistory(db, row) : null;
}

/** Newest first, a page at a time (product §9: 10 a page). */
export async function listPurchaseOrders(
  db: Db,
  customerId: string,
  { page, limit }: { page: number; limit: number },
): Promise<{ orders: PurchaseOrderSummary[]; count: number; hasMore: boolean }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.customerId, customerId))
      .orderBy(desc(purchaseOrders.sequence))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ count: count() })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.customerId, customerId)),
  ]);
  const orders = rows.map(toSummary);
  const all = total?.count ?? 0;
  return { orders, count: all, hasMore: (page - 1) * limit + orders.length < all };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The customer's own order, or null: another customer's id is simply not found. */
export async function findPurchaseOrder(
  db: Db,
  customerId: string,
  id: string,
): Promise<PurchaseOrder | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.customerId, customerId)));
  return row ? withHistory(db, row) : null;
}

export type DecisionOutcome =
  | { outcome: "decided"; order: PurchaseOrder }
  | { outcome: "already-decided"; order: PurchaseOrder }
  | { outcome: "invalid" | "expired" | "not-found" };

/** What a decision link is about, without deciding anything (the GET of the link's page). */
export async function readDecision(
  db: Db,
  token: string,
  secret: string,
): Promise<
  | { outcome: "open"; decision: Decision; order: PurchaseOrder }
  | Exclude<DecisionOutcome, { outcome: "decided" }>
> {
  const verdict = verifyDecisionToken(token, secret);
  if (!verdict.ok) return { outcome: verdict.reason };
  const order = await findAnyPurchaseOrder(db, verdict.payload.order);
  if (!order) return { outcome: "not-found" };
  if (order.status !== "submitted") return { outcome: "already-decided", order };
  return { outcome: "open", decision: verdict.payload.decision, order };
}

/**
 * Applies a decision link: a `submitted` order becomes `approved` or `rejected`, recording who and
 * when. Once either link was used the order is no longer `submitted`, so every link is spent.
 */
export async function decidePurchaseOrder(
  db: Db,
  token: string,
  secret: string,
): Promise<DecisionOutcome> {
  const verdict = verifyDecisionToken(token, secret);
  if (!verdict.ok) return { outcome: verdict.reason };
  const { order: orderId, decision, staff } = verdict.payload;
  const status = decision === "approve" ? "approved" : "rejected";
  const decided = await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(purchaseOrders)
      .set({ status, updatedAt: now })
      .where(and(eq(purchaseOrders.id, orderId), eq(purchaseOrders.status, "submitted")))
      .returning();
    if (!row) return null;
    await tx.insert(purchaseOrderEvents).values({ orderId, status, actor: staff, at: now });
    return row;
  });
  if (decided) return { outcome: "decided", order: await withHistory(db, decided) };
  const order = await findAnyPurchaseOrder(db, orderId);
  return order ? { outcome: "already-decided", order } : { outcome: "not-found" };
}

/** Keeps the Shopify draft order made for an approved order. */
export async function recordDraftOrder(db: Db, orderId: string, draftOrderId: string) {
  await db
    .update(purchaseOrders)
    .set({ draftOrderId, updatedAt: new Date() })
    .where(eq(purchaseOrders.id, orderId));
}

async function findAnyPurchaseOrder(db: Db, id: string): Promise<PurchaseOrder | null> {
  const [row] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  return row ? withHistory(db, row) : null;
}

async function withHistory(db: Db, row: PurchaseOrderRow): Promise<PurchaseOrder> {
  const events = await db
    .select()
    .from(purchaseOrderEvents)
    .where(eq(purchaseOrderEvents.orderId, row.id))
    .orderBy(asc(purchaseOrderEvents.at));
  return toPurchaseOrder(row, events);
}

function toSummary(row: PurchaseOrderRow): PurchaseOrderSummary {
  return {
    id: row.id,
    number: row.number,
    reference: row.reference,
    status: row.status,
    total: { amount: row.total, currencyCode: row.currencyCode },
    createdAt: row.createdAt.toISOString(),
  };
}

function toPurchaseOrder(
  row: PurchaseOrderRow,
  events: { status: PurchaseOrder["status"]; actor: string; at: Date }[],
): PurchaseOrder {
  return {
    ...toSummary(row),
    customerId: row.customerId,
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    company: row.company,
    lines: row.lines,
    subtotal: { amount: row.subtotal, currencyCode: row.currencyCode },
    shipping: row.shipping,
    notes: row.notes,
    requestedDeliveryDate: row.requestedDeliveryDate,
    draftOrderId: row.draftOrderId,
    history: events.map((event) => ({ ...event, at: event.at.toISOString() })),
  };
}
