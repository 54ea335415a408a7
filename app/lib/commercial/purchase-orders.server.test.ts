import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeOnBothEngines } from "../../../tests/support/databases";
import { orderInput, STAFF, STAFF_EMAIL } from "../../../tests/support/purchase-order-fixtures";
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
  findAnyPurchaseOrder,
  findPurchaseOrder,
  listPurchaseOrders,
  listStaffInbox,
  readDecision,
  submitPurchaseOrder,
} from "./purchase-orders.server";

const OLIVIA = "gid://shopify/Customer/1001";

function defineStoreSuite(handle: () => DatabaseHandle) {
  it("stores the order, the staff email with its links, and the customer's 'received' email", async () => {
    const { db } = handle();
    const { order, created } = await submitPurchaseOrder(db, orderInput(), STAFF);
    expect(created).toBe(true);
    expect(order.number).toMatch(/^PO-\d{4}-\d{5}$/);
    expect(order.status).toBe("submitted");
    expect(order.history).toEqual([
      expect.objectContaining({ status: "submitted", actor: "marcus@reid-aquatic.example.com" }),
    ]);
    const [received, staff] = await listMail(db, { limit: 2 });
    expect(staff?.to).toBe(STAFF_EMAIL);
    expect(staff?.subject).toContain(order.number);
    expect(staff?.text).toMatch(
      /Approve: http:\/\/localhost:3000\/purchase-orders\/decision\?token=/,
    );
    expect(staff?.text).toContain(`http://localhost:3000/staff/purchase-orders/${order.id}`);
    expect(staff?.text).toContain("RA-7781");

    expect(received).toMatchObject({
      to: "marcus@reid-aquatic.example.com",
      kind: "purchase-order-received",
      subject: `We received purchase order ${order.number}`,
    });
    for (const part of [received?.text, received?.html]) {
      expect(part).toContain("RA-7781");
      expect(part).toContain("Zodiac TornaX Commercial Robotic Cleaner");
      expect(part).toContain("$9,998.00");
      expect(part).toContain("Coral Bay Southport");
      expect(part).toContain("What happens next");
      expect(part).toContain("12 Lagoon Court");
      expect(part).toContain(`http://localhost:3000/account/commercial-orders/${order.id}`);
    }
    expect(received?.html).toContain("Coral Bay Pool &amp; Spa");
  });

  it("emails every listed staff address, each with links that name them", async () => {
    const { db } = handle();
    const staffEmails = ["ops@lagoon.example", "sales@lagoon.example"] as const;
    const { order } = await submitPurchaseOrder(db, orderInput(), { ...STAFF, staffEmails });
    const staffMail = (await listMail(db, { limit: 3 })).filter(
      (mail) => mail.kind === "purchase-order",
    );
    expect(staffMail.map((mail) => mail.to).sort()).toEqual([...staffEmails]);
    for (const mail of staffMail) {
      const token = /decision\?token=([^\s]+)/.exec(mail.text)?.[1] ?? "";
      expect(await readDecision(db, token, STAFF.secret)).toMatchObject({
        outcome: "open",
        staff: mail.to,
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
    // One staff email and one "received" email, for one order.
    expect((await listMail(db, { limit: 500 })).length).toBe(before + 2);
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

  it("reads a decision link; tampered and expired links open nothing", async () => {
    const { db } = handle();
    const { order } = await submitPurchaseOrder(db, orderInput(), STAFF);
    const approve = createDecisionToken(
      { order: order.id, decision: "approve", staff: STAFF_EMAIL },
      STAFF.secret,
    );
    const expired = createDecisionToken(
      { order: order.id, decision: "reject", staff: STAFF_EMAIL },
      STAFF.secret,
      Date.now() - 8 * 24 * 60 * 60 * 1000,
    );
    expect(await readDecision(db, `${approve}x`, STAFF.secret)).toEqual({ outcome: "invalid" });
    expect(await readDecision(db, approve, "another-secret")).toEqual({ outcome: "invalid" });
    expect(await readDecision(db, expired, STAFF.secret)).toEqual({ outcome: "expired" });
    expect(await readDecision(db, approve, STAFF.secret)).toMatchObject({
      outcome: "open",
      decision: "approve",
      staff: STAFF_EMAIL,
    });
  });

  it("decides once, with the staff address, the draft order and the customer's email together", async () => {
    const { db } = handle();
    const { order } = await submitPurchaseOrder(db, orderInput(), STAFF);
    const approval = {
      orderId: order.id,
      decision: "approve" as const,
      staff: "ops@lagoon.example",
      note: "Delivery on Tuesday",
      draft: { id: "gid://shopify/DraftOrder/7", name: "#D7" },
    };
    const decided = await decidePurchaseOrder(db, approval, STAFF);
    expect(decided).toMatchObject({
      outcome: "decided",
      order: {
        status: "approved",
        draftOrderId: "gid://shopify/DraftOrder/7",
        draftOrderName: "#D7",
      },
    });
    if (decided.outcome === "decided") {
      expect(decided.order.history.map(({ status, actor, note }) => [status, actor, note])).toEqual(
        [
          ["submitted", "marcus@reid-aquatic.example.com", null],
          ["approved", "ops@lagoon.example", "Delivery on Tuesday"],
        ],
      );
    }
    const [approved] = await listMail(db, { limit: 1 });
    expect(approved).toMatchObject({
      to: "marcus@reid-aquatic.example.com",
      kind: "purchase-order-approved",
      subject: `Purchase order ${order.number} approved`,
    });
    for (const part of [approved?.text, approved?.html]) {
      expect(part).toContain("draft order #D7");
      expect(part).toContain("The invoice will be for the items below");
      expect(part).toContain("Delivery on Tuesday");
    }

    // Spent: a second decision (a second link, another member of staff) changes nothing, and
    // the customer is not emailed again.
    const before = (await listMail(db, { limit: 500 })).length;
    expect(
      await decidePurchaseOrder(db, { ...approval, decision: "reject", note: "Too late" }, STAFF),
    ).toMatchObject({ outcome: "already-decided", order: { status: "approved" } });
    expect((await listMail(db, { limit: 500 })).length).toBe(before);
    expect(
      await decidePurchaseOrder(db, { ...approval, orderId: crypto.randomUUID() }, STAFF),
    ).toEqual({ outcome: "not-found" });
  });

  it("approves without a draft order (Admin API off or failing), the email still saying what follows", async () => {
    const { db } = handle();
    const { order } = await submitPurchaseOrder(db, orderInput(), STAFF);
    const decided = await decidePurchaseOrder(
      db,
      { orderId: order.id, decision: "approve", staff: STAFF_EMAIL, note: null, draft: null },
      STAFF,
    );
    expect(decided).toMatchObject({ outcome: "decided", order: { draftOrderName: null } });
    const [approved] = await listMail(db, { limit: 1 });
    expect(approved?.text).toContain("We are preparing the invoice");
    expect(approved?.text).not.toContain("draft order");
    expect(approved?.text).not.toContain("A note from our team");
  });

  it("keeps a rejection's reason in the history and tells the customer why", async () => {
    const { db } = handle();
    const { order } = await submitPurchaseOrder(db, orderInput(), STAFF);
    const reason = "Account on credit hold <until 1 Dec>";
    await decidePurchaseOrder(
      db,
      { orderId: order.id, decision: "reject", staff: STAFF_EMAIL, note: reason },
      STAFF,
    );
    const stored = await findAnyPurchaseOrder(db, order.id);
    expect(stored?.status).toBe("rejected");
    expect(stored?.history.at(-1)).toMatchObject({ status: "rejected", note: reason });
    const [rejected] = await listMail(db, { limit: 1 });
    expect(rejected).toMatchObject({
      kind: "purchase-order-rejected",
      subject: `Purchase order ${order.number} declined`,
    });
    expect(rejected?.text).toContain(`The reason: ${reason}`);
    expect(rejected?.html).toContain("The reason: Account on credit hold &lt;until 1 Dec&gt;");
  });

  it("lists the staff inbox waiting orders first, oldest first, and searches it", async () => {
    const { db } = handle();
    const company = `Inbox Test ${Date.now()} Pty Ltd`;
    const customer = {
      ...orderInput().customer,
      id: `gid://shopify/Customer/inbox-${Date.now()}`,
      company,
    };
    const submit = (reference: string) =>
      submitPurchaseOrder(db, orderInput({ customer, reference }), STAFF).then(
        ({ order }) => order,
      );
    const first = await submit("INBOX-1");
    const second = await submit("INBOX-2");
    const third = await submit("INBOX-3");
    await decidePurchaseOrder(
      db,
      { orderId: first.id, decision: "reject", staff: STAFF_EMAIL, note: "Duplicate" },
      STAFF,
    );
    const inbox = await listStaffInbox(db, { search: company.toLowerCase(), page: 1, limit: 10 });
    expect(inbox.orders.map((order) => [order.number, order.status])).toEqual([
      [second.number, "submitted"],
      [third.number, "submitted"],
      [first.number, "rejected"],
    ]);
    expect(inbox).toMatchObject({ count: 3, hasMore: false });

    const byNumber = await listStaffInbox(db, { search: third.number, page: 1, limit: 10 });
    expect(byNumber.orders.map((order) => order.id)).toEqual([third.id]);
    const byReference = await listStaffInbox(db, { search: "inbox-2", page: 1, limit: 10 });
    expect(byReference.orders.map((order) => order.id)).toEqual([second.id]);
    // A wildcard typed into the search is a character, not a pattern.
    expect((await listStaffInbox(db, { search: "INBOX_%", page: 1, limit: 10 })).count).toBe(0);
    const paged = await listStaffInbox(db, { search: company, page: 2, limit: 2 });
    expect(paged).toMatchObject({ count: 3, hasMore: false });
    expect(paged.orders.map((order) => order.id)).toEqual([first.id]);
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

/** Runs the child that submits an order and stays up; kills it once it answered. */
function submitThenKill(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, ["--import", "tsx", child], {
      cwd: root,
      env: { ...process.env, ...env, PO_CHILD_FINISH: "1", PO_CHILD_KEY: RESENT_FORM_KEY },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    let orderId = "";
    process_.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const submitted = /^submitted (\S+)$/m.exec(output);
      if (submitted && !orderId) {
        orderId = submitted[1] ?? "";
        process_.kill("SIGKILL");
      }
    });
    process_.on("exit", (_code, signal) =>
      signal === "SIGKILL" && orderId
        ? resolve(orderId)
        : reject(new Error(`child exited without answering: ${output}`)),
    );
  });
}

const RESENT_FORM_KEY = "resent-purchase-order-form";

/** The order the child submits, as a re-sent form would submit it again. */
const killedChildsOrder = () =>
  orderInput({
    customer: { ...orderInput().customer, id: "gid://shopify/Customer/kill-9" },
    idempotencyKey: RESENT_FORM_KEY,
  });

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
      // The finished order's staff and "received" emails; none from the killed one.
      expect(await listMail(reopened.db, { limit: 10 })).toHaveLength(2);
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it("gives the same order, once, to a submit re-sent after the instance that made it died", async () => {
    const ownDir = await mkdtemp(path.join(tmpdir(), "lagoon-po-resend-"));
    try {
      const orderId = await submitThenKill({ PO_CHILD_DATA_DIR: ownDir });
      const restarted = await openDatabase({ dataDir: ownDir });
      try {
        const again = await submitPurchaseOrder(restarted.db, killedChildsOrder(), STAFF);
        expect(again).toMatchObject({ created: false, order: { id: orderId } });
        // The first submit's staff and "received" emails, and none for the re-sent one.
        expect(await listMail(restarted.db, { limit: 10 })).toHaveLength(2);
      } finally {
        await restarted.close();
      }
    } finally {
      await rm(ownDir, { recursive: true, force: true });
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

  it("gives the same order, once, to a submit re-sent to another instance or after a restart", async () => {
    const before = (await listMail(handle.db, { limit: 500 })).length;
    const orderId = await submitThenKill({ PO_CHILD_DATABASE_URL: database.url });
    // This process was up all along: another instance behind the load balancer.
    const other = await submitPurchaseOrder(handle.db, killedChildsOrder(), STAFF);
    expect(other).toMatchObject({ created: false, order: { id: orderId } });
    const restarted = await openDatabase({ databaseUrl: database.url, dataDir: "unused" });
    try {
      const again = await submitPurchaseOrder(restarted.db, killedChildsOrder(), STAFF);
      expect(again).toMatchObject({ created: false, order: { id: orderId } });
    } finally {
      await restarted.close();
    }
    // The first submit's staff and "received" emails, and none for the re-sent ones.
    expect((await listMail(handle.db, { limit: 500 })).length).toBe(before + 2);
  }, 60_000);
});
