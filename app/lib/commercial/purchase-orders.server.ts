import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../database";
import { enqueueMail } from "../mail/outbox.server";
import {
  approvedMail,
  type CustomerMail,
  receivedMail,
  rejectedMail,
  type ShopIdentity,
} from "./customer-mail";
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

export interface PurchaseOrderMailSettings {
  /** Each gets the new order's email, with decision links naming them (LAGOON_STAFF_EMAIL). */
  staffEmails: readonly string[];
  /** The shop's public origin: decision links and the customer's order link point at it. */
  publicUrl: string;
  /** Signs the decision links (the session secret; a key is derived from it). */
  secret: string;
  /** Signs the customer's emails. */
  shop: ShopIdentity;
}

/**
 * Stores a purchase order, the staff emails about it and the customer's "received" email in one
 * transaction (product §4): all or nothing. The same customer and idempotency key give the first
 * order back (`created: false`), however many times and however concurrently the form is posted.
 */
export async function submitPurchaseOrder(
  db: Db,
  input: SubmitPurchaseOrderInput,
  mail: PurchaseOrderMailSettings,
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
      { status: "submitted", actor: input.customer.email, note: null, at: now },
    ]);
    for (const staff of mail.staffEmails) {
      await enqueueMail(tx, {
        to: staff,
        kind: "purchase-order",
        ...staffMail(order, staffLinks(order.id, staff, mail)),
      });
    }
    await enqueueCustomerMail(tx, order, mail.publicUrl, "purchase-order-received", (url) =>
      receivedMail(order, mail.shop, url),
    );
    return order;
  });
  if (created) return { order: created, created: true };
  const existing = await findPurchaseOrderByKey(db, input.customer.id, input.idempotencyKey);
  if (!existing) throw new Error("A purchase order conflicted on its key but cannot be read");
  return { order: existing, created: false };
}

function staffLinks(orderId: string, staff: string, mail: PurchaseOrderMailSettings) {
  const link = (decision: Decision) => {
    const token = createDecisionToken({ order: orderId, decision, staff }, mail.secret);
    return new URL(`/purchase-orders/decision?token=${token}`, mail.publicUrl).toString();
  };
  return {
    approve: link("approve"),
    reject: link("reject"),
    inbox: new URL(`/staff/purchase-orders/${orderId}`, mail.publicUrl).toString(),
  };
}

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** An email to the customer about their order, linking to it in their account (product §4). */
async function enqueueCustomerMail(
  tx: Transaction,
  order: PurchaseOrder,
  publicUrl: string,
  kind: string,
  compose: (orderUrl: string) => CustomerMail,
) {
  if (!order.customerEmail) return;
  const url = new URL(`/account/commercial-orders/${order.id}`, publicUrl).toString();
  await enqueueMail(tx, { to: order.customerEmail, kind, ...compose(url) });
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
  | { outcome: "open"; decision: Decision; staff: string; order: PurchaseOrder }
  | Exclude<DecisionOutcome, { outcome: "decided" }>
> {
  const verdict = verifyDecisionToken(token, secret);
  if (!verdict.ok) return { outcome: verdict.reason };
  const order = await findAnyPurchaseOrder(db, verdict.payload.order);
  if (!order) return { outcome: "not-found" };
  if (order.status !== "submitted") return { outcome: "already-decided", order };
  return {
    outcome: "open",
    decision: verdict.payload.decision,
    staff: verdict.payload.staff,
    order,
  };
}

interface StaffDecision {
  orderId: string;
  decision: Decision;
  /** Who decides: the decision link's address, or the signed-in staff member's. */
  staff: string;
  /** A rejection's reason (required by the form), an approval's note (optional). */
  note: string | null;
  /** The Shopify draft order made for an approval, when one was. */
  draft?: { id: string; name: string } | null;
}

/**
 * A `submitted` order becomes `approved` or `rejected`: the status, the history entry (who, when,
 * the reason or note), the draft order and the customer's email commit together, so the customer
 * hears exactly once. Once decided, the order takes no other decision (every link is spent).
 */
export async function decidePurchaseOrder(
  db: Db,
  decision: StaffDecision,
  mail: Pick<PurchaseOrderMailSettings, "publicUrl" | "shop">,
): Promise<DecisionOutcome> {
  const { orderId, staff, note, draft } = decision;
  const status = decision.decision === "approve" ? "approved" : "rejected";
  if (!UUID.test(orderId)) return { outcome: "not-found" };
  const decided = await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(purchaseOrders)
      .set({
        status,
        updatedAt: now,
        ...(draft ? { draftOrderId: draft.id, draftOrderName: draft.name } : {}),
      })
      .where(and(eq(purchaseOrders.id, orderId), eq(purchaseOrders.status, "submitted")))
      .returning();
    if (!row) return null;
    await tx.insert(purchaseOrderEvents).values({ orderId, status, actor: staff, note, at: now });
    const order = await withHistory(tx, row);
    await enqueueCustomerMail(tx, order, mail.publicUrl, `purchase-order-${status}`, (url) =>
      status === "approved"
        ? approvedMail(order, mail.shop, url, note)
        : rejectedMail(order, mail.shop, url, note ?? ""),
    );
    return order;
  });
  if (decided) return { outcome: "decided", order: decided };
  const order = await findAnyPurchaseOrder(db, orderId);
  return order ? { outcome: "already-decided", order } : { outcome: "not-found" };
}

/** Any customer's order, for staff; null when there is none with that id. */
export async function findAnyPurchaseOrder(db: Db, id: string): Promise<PurchaseOrder | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  return row ? withHistory(db, row) : null;
}

/** product §4: the staff inbox shows orders waiting for a decision first, oldest first. */
const STATUS_RANK = sql`case ${purchaseOrders.status} when 'submitted' then 0 when 'approved' then 1 when 'fulfilled' then 2 else 3 end`;

export interface StaffInboxOrder extends PurchaseOrderSummary {
  customerName: string;
  company: string | null;
  customerEmail: string;
}

/**
 * Every customer's orders for the staff inbox, a page at a time: submitted first, then approved,
 * fulfilled and rejected, oldest first within each. `search` matches the number, the customer's
 * reference, name, company or email, in any case.
 */
export async function listStaffInbox(
  db: Db,
  { search, page, limit }: { search: string; page: number; limit: number },
): Promise<{ orders: StaffInboxOrder[]; count: number; hasMore: boolean }> {
  const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const where = search
    ? or(
        ilike(purchaseOrders.number, pattern),
        ilike(purchaseOrders.reference, pattern),
        ilike(purchaseOrders.customerName, pattern),
        ilike(purchaseOrders.company, pattern),
        ilike(purchaseOrders.customerEmail, pattern),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(purchaseOrders)
      .where(where)
      .orderBy(STATUS_RANK, asc(purchaseOrders.sequence))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ count: count() }).from(purchaseOrders).where(where),
  ]);
  const orders = rows.map((row) => ({
    ...toSummary(row),
    customerName: row.customerName,
    company: row.company,
    customerEmail: row.customerEmail,
  }));
  const all = total?.count ?? 0;
  return { orders, count: all, hasMore: (page - 1) * limit + orders.length < all };
}

async function withHistory(db: Db | Transaction, row: PurchaseOrderRow): Promise<PurchaseOrder> {
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
  events: { status: PurchaseOrder["status"]; actor: string; note: string | null; at: Date }[],
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
    draftOrderName: row.draftOrderName,
    history: events.map(({ status, actor, note, at }) => ({
      status,
      actor,
      note,
      at: at.toISOString(),
    })),
  };
}
