import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeOnBothEngines } from "../../../tests/support/databases";
import { orderInput, STAFF } from "../../../tests/support/purchase-order-fixtures";
import { type DatabaseHandle, openDatabase } from "../../../tests/support/server-parts";
import {
  postgresAvailable,
  requireServiceInCi,
  throwawayPostgresDatabase,
} from "../../../tests/support/services";
import { listMail } from "../mail/outbox.server";
import { createDecisionToken } from "./decision-link.server";
import {
  decidePurchaseOrder,
  findPurchaseOrder,
  listPurchaseOrders,
  readDecision,
  submitPurchaseOrder,
} from "./purchase-orders.server";

const OLIVIA = "gid://shopify/Customer/1001";

function defineStoreSuite(handle: () => DatabaseHandle) {
  it("stores the order and the staff email with Approve and Reject links", async () => {
    const { db } = handle();
    const { order, created } = await submitPurchaseOrder(db, orderInput(), STAFF);
    expect(created).toBe(true);
    expect(order.number).toMatch(/^PO-\d{4}-\d{5}$/);
    expect(order.status).toBe("submitted");
    expect(order.history).toEqual([
      expect.objectContaining({ status: "submitted", actor: "marcus@reid-aquatic.example.com" }),
    ]);
    const [mail] = await listMail(db, { limit: 1 });
    expect(mail?.to).toBe(STAFF.staffEmail);
    expect(mail?.subject).toContain(order.number);
    expect(mail?.text).toMatch(
      /Approve: http:\/\/localhost:3000\/purchase-orders\/decision\?token=/,
    );
    expect(mail?.text).toContain("RA-7781");
    // The mail's links are this order's: each opens its own decision.
    for (const decision of ["approve", "reject"] as const) {
      const label = decision === "approve" ? "Approve" : "Reject";
      const url = mail?.text.match(new RegExp(`${label}: (\\S+)`))?.[1] ?? "";
      const token = new URL(url).searchParams.get("token") ?? "";
      expect(await readDecision(db, token, STAFF.secret)).toMatchObject({
        outcome: "open",
        decision,
        order: { id: order.id },
      });
    }
  });

  it("gives one order for concurrent submits of one form", async () => {
    const { db } = handle();
    const input = orderInput();
    const before = (await listMail(db, { limit: 500 })).length;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => submitPurchaseOrder(db, input, STAFF)),
    );
    expect(new Set(results.map((result) => result.order.id)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect((await listMail(db, { limit: 500 })).length).toBe(before + 1);
  });

  it("pages a customer's orders newest first and hides them from everyone else", async () => {
    const { db } = handle();
    const customer = { ...orderInput().customer, id: `gid://shopify/Customer/${Date.now()}` };
    const numbers: string[] = [];
    for (let n = 0; n < 12; n++) {
      const { order } = await submitPurchaseOrder(db, orderInput({ customer }), STAFF);
      numbers.push(order.number);
    }
    const first = await listPurchaseOrders(db, customer.id, { page: 1, limit: 10 });
    expect(first.count).toBe(12);
    expect(first.hasMore).toBe(true);
    expect(first.orders.map((order) => order.number)).toEqual(numbers.slice(2).reverse());
    const second = await listPurchaseOrders(db, customer.id, { page: 2, limit: 10 });
    expect(second).toMatchObject({ count: 12, hasMore: false });
    expect(second.orders).toHaveLength(2);

    const id = first.orders[0]?.id as string;
    expect(await findPurchaseOrder(db, customer.id, id)).not.toBeNull();
    expect(await findPurchaseOrder(db, OLIVIA, id)).toBeNull();
    expect(await findPurchaseOrder(db, customer.id, "not-a-uuid")).toBeNull();
    expect(
      (await listPurchaseOrders(db, OLIVIA, { page: 1, limit: 10 })).orders,
    ).not.toContainEqual(expect.objectContaining({ id }));
  });

  it("applies a decision link once; tampered and expired links decide nothing", async () => {
    const { db } = handle();
    const { order } = await submitPurchaseOrder(db, orderInput(), STAFF);
    const approve = createDecisionToken(
      { order: order.id, decision: "approve", staff: STAFF.staffEmail },
      STAFF.secret,
    );
    const reject = createDecisionToken(
      { order: order.id, decision: "reject", staff: STAFF.staffEmail },
      STAFF.secret,
    );
    const expired = createDecisionToken(
      { order: order.id, decision: "reject", staff: STAFF.staffEmail },
      STAFF.secret,
      Date.now() - 8 * 24 * 60 * 60 * 1000,
    );
    expect(await decidePurchaseOrder(db, `${approve}x`, STAFF.secret)).toEqual({
      outcome: "invalid",
    });
    expect(await decidePurchaseOrder(db, approve, "another-secret")).toEqual({
      outcome: "invalid",
    });
    expect(await decidePurchaseOrder(db, expired, STAFF.secret)).toEqual({ outcome: "expired" });
    expect(await readDecision(db, approve, STAFF.secret)).toMatchObject({ outcome: "open" });

    const decided = await decidePurchaseOrder(db, approve, STAFF.secret);
    expect(decided).toMatchObject({ outcome: "decided", order: { status: "approved" } });
    if (decided.outcome === "decided") {
      expect(decided.order.history.map((event) => [event.status, event.actor])).toEqual([
        ["submitted", "marcus@reid-aquatic.example.com"],
        ["approved", STAFF.staffEmail],
      ]);
    }
    expect(await decidePurchaseOrder(db, approve, STAFF.secret)).toMatchObject({
      outcome: "already-decided",
      order: { status: "approved" },
    });
    expect(await decidePurchaseOrder(db, reject, STAFF.secret)).toMatchObject({
      outcome: "already-decided",
    });
  });

  it("rejects with a reject link, and says what a link is about before it is used", async () => {
    const { db } = handle();
    const { order } = await submitPurchaseOrder(db, orderInput(), STAFF);
    const link = (decision: "approve" | "reject", id = order.id) =>
      createDecisionToken({ order: id, decision, staff: STAFF.staffEmail }, STAFF.secret);
    expect(await readDecision(db, link("reject"), STAFF.secret)).toMatchObject({
      outcome: "open",
      decision: "reject",
      order: { id: order.id, status: "submitted" },
    });
    expect(await readDecision(db, `${link("reject")}x`, STAFF.secret)).toEqual({
      outcome: "invalid",
    });
    const unknown = crypto.randomUUID();
    expect(await readDecision(db, link("approve", unknown), STAFF.secret)).toEqual({
      outcome: "not-found",
    });
    expect(await decidePurchaseOrder(db, link("approve", unknown), STAFF.secret)).toEqual({
      outcome: "not-found",
    });

    const decided = await decidePurchaseOrder(db, link("reject"), STAFF.secret);
    expect(decided).toMatchObject({ outcome: "decided", order: { status: "rejected" } });
    if (decided.outcome === "decided") {
      expect(decided.order.history.map((event) => [event.status, event.actor])).toEqual([
        ["submitted", "marcus@reid-aquatic.example.com"],
        ["rejected", STAFF.staffEmail],
      ]);
    }
    expect(await readDecision(db, link("approve"), STAFF.secret)).toMatchObject({
      outcome: "already-decided",
      order: { status: "rejected" },
    });
    // A spent link changes nothing, its history included.
    const again = await decidePurchaseOrder(db, link("approve"), STAFF.secret);
    expect(again).toMatchObject({ outcome: "already-decided", order: { status: "rejected" } });
    if (again.outcome === "already-decided") expect(again.order.history).toHaveLength(2);
    const customer = orderInput().customer.id;
    expect((await findPurchaseOrder(db, customer, order.id))?.status).toBe("rejected");
    expect(await findPurchaseOrder(db, customer, `x${order.id}`)).toBeNull();
    expect(await findPurchaseOrder(db, customer, `${order.id}x`)).toBeNull();
  });
}

describeOnBothEngines("purchase orders", defineStoreSuite);

const here = path.dirname(fileURLToPath(import.meta.url));
const child = path.join(here, "../../../tests/support/submit-purchase-order-child.ts");
const root = path.join(here, "../../..");

/** Runs the child that submits an order and stops inside the transaction; kills it there. */
function killMidSubmit(env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, ["--import", "tsx", child], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    process_.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("inside-transaction")) process_.kill("SIGKILL");
    });
    process_.on("exit", (_code, signal) =>
      signal === "SIGKILL" ? resolve() : reject(new Error(`child exited without being killed`)),
    );
  });
}

describe("a submit killed with SIGKILL on PGlite", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "lagoon-po-kill-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("leaves neither the order nor its email on PGlite, and a finished one survives a restart", async () => {
    const first = await openDatabase({ dataDir });
    const { order } = await submitPurchaseOrder(first.db, orderInput(), STAFF);
    await first.close();

    await killMidSubmit({ PO_CHILD_DATA_DIR: dataDir });

    const reopened = await openDatabase({ dataDir });
    try {
      const listed = await listPurchaseOrders(reopened.db, order.customerId, {
        page: 1,
        limit: 10,
      });
      expect(listed.orders.map((summary) => summary.id)).toEqual([order.id]);
      expect(await listMail(reopened.db, { limit: 10 })).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});

const postgres = await postgresAvailable();

describe.runIf(requireServiceInCi(postgres))("a submit killed with SIGKILL on PostgreSQL", () => {
  const database = throwawayPostgresDatabase("lagoon_po_kill");
  let handle: DatabaseHandle;
  beforeAll(async () => {
    await database.create();
    handle = await openDatabase({ databaseUrl: database.url, dataDir: "unused" });
  });
  afterAll(async () => {
    await handle?.close();
    await database.drop();
  });

  it("leaves neither the order nor its email after SIGKILL mid-submit", async () => {
    const before = (await listMail(handle.db, { limit: 500 })).length;
    await killMidSubmit({ PO_CHILD_DATABASE_URL: database.url });
    // The server notices the dropped connection and rolls the transaction back.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await listMail(handle.db, { limit: 500 })).length).toBe(before);
    const orders = await listPurchaseOrders(handle.db, "gid://shopify/Customer/kill-9", {
      page: 1,
      limit: 10,
    });
    expect(orders.count).toBe(0);
  }, 60_000);
});
