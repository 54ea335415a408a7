import { Agent } from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { CookieJar } from "../../tests/support/customer-account-emulator";
import { ANOTHER_MACHINE, lagoonForFile } from "../../tests/support/lagoon-server";
import { orderInput, STAFF } from "../../tests/support/purchase-order-fixtures";
import { send } from "../../tests/support/raw-http";
import { DEMO_CUSTOMERS, signInOverHttp } from "../../tests/support/shopper";
import {
  findAnyPurchaseOrder,
  submitPurchaseOrder,
} from "../lib/commercial/purchase-orders.server";
import { listMail } from "../lib/mail/outbox.server";

// Issue 30 item 4 and decision 012: staff sign in with a one-time emailed link (15 minutes,
// once), the inbox and its orders are theirs alone, and every decision records who made it.

const OPS = "ops@lagoon.example";
const shop = lagoonForFile({ env: { LAGOON_STAFF_EMAIL: `staff@lagoon.example, ${OPS}` } });
/** Requests from another IP address than the other tests', for the rate limit. */
const elsewhere = new Agent({ localAddress: ANOTHER_MACHINE.connectFrom });
afterAll(() => elsewhere.destroy());

/** The page's text as a reader sees it (React separates text parts with empty comments). */
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

const post = (path: string, form: Record<string, string>, jar?: CookieJar) =>
  fetch(`${shop.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "text/html",
      ...(jar ? { Cookie: jar.header() } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });

const get = (path: string, jar?: CookieJar) =>
  fetch(`${shop.origin}${path}`, {
    redirect: "manual",
    headers: { Accept: "text/html", ...(jar ? { Cookie: jar.header() } : {}) },
  });

/** Asks for a link for `email`; the token of the sign-in email that arrived, if one did. */
async function askForLink(email: string): Promise<string | null> {
  const before = await listMail(shop.stores.database.db, { limit: 1 });
  const asked = await post("/staff/sign-in", { email });
  expect(asked.status).toBe(200);
  expect(await textOf(asked)).toContain("a sign-in link is on its way");
  const [latest] = await listMail(shop.stores.database.db, { limit: 1 });
  if (!latest || latest.id === before[0]?.id) return null;
  expect(latest).toMatchObject({ kind: "staff-sign-in", to: email.toLowerCase() });
  return /\/staff\/sign-in\?token=([\w-]+)/.exec(latest.text)?.[1] ?? null;
}

async function signInAsStaff(email: string): Promise<CookieJar> {
  const token = await askForLink(email);
  const jar = new CookieJar();
  const signedIn = await post("/staff/sign-in", { token: token ?? "" });
  expect(signedIn.status).toBe(302);
  jar.store(signedIn);
  return jar;
}

describe("staff sign-in", () => {
  it("emails a one-time link to listed addresses only, and the link signs in once", async () => {
    expect(await askForLink(DEMO_CUSTOMERS.everyday)).toBeNull();
    const token = await askForLink(OPS);
    expect(token).toBeTruthy();

    // Opening the link (as a mail scanner does) spends nothing.
    for (let n = 0; n < 2; n++) {
      const page = await get(`/staff/sign-in?token=${token}`);
      expect(page.status).toBe(200);
      expect(await textOf(page)).toContain(`Sign in as ${OPS}`);
    }
    const signedIn = await post("/staff/sign-in", { token: token ?? "" });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/staff/purchase-orders");
    const cookie = signedIn.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^lagoon_staff=/);
    expect(cookie).toMatch(/Max-Age=28800/);
    expect(cookie).toMatch(/Path=\/staff/);
    expect(cookie).toMatch(/HttpOnly/);

    const again = await post("/staff/sign-in", { token: token ?? "" });
    expect(again.status).toBe(410);
    expect(await textOf(again)).toContain("This sign-in link was already used or has expired");
    expect((await get(`/staff/sign-in?token=${token}`)).status).toBe(410);
  });

  it("refuses a link after its 15 minutes", async () => {
    const token = await askForLink("STAFF@lagoon.example");
    // Fifteen minutes pass for the link: its row in the expiring state lapses.
    await shop.stores.database.db.execute(
      sql`update expiring_state set expires_at = now() - interval '1 second' where key like 'staff-link:%'`,
    );
    expect((await get(`/staff/sign-in?token=${token}`)).status).toBe(410);
    const late = await post("/staff/sign-in", { token: token ?? "" });
    expect(late.status).toBe(410);
    expect(late.headers.get("set-cookie")).toBeNull();
  });

  it("answers the 11th request for a link from one address in 15 minutes with 429, as typed", async () => {
    const ask = () =>
      send(
        shop.origin,
        {
          method: "POST",
          path: "/staff/sign-in",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
          body: "email=someone%40example.com",
        },
        { agent: elsewhere },
      );
    for (let n = 0; n < 10; n++) expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.body).toContain("Too many sign-in links asked for. Try again in 15 minutes.");
    expect(refused.body).toContain('value="someone@example.com"');
    // Others are not held back.
    expect(await askForLink(OPS)).toBeTruthy();
  });

  it("answers a mistyped address with 400 and keeps it", async () => {
    const answer = await post("/staff/sign-in", { email: "ops@lagoon" });
    expect(answer.status).toBe(400);
    const text = await textOf(answer);
    expect(text).toContain("Enter your staff email address");
    expect(text).toContain('value="ops@lagoon"');
  });
});

describe("the staff inbox", () => {
  it("is a 404 for visitors and customers, and a staff session is no customer's", async () => {
    const { order } = await submitPurchaseOrder(shop.stores.database.db, orderInput(), STAFF);
    const olivia = await signInOverHttp(shop.origin, DEMO_CUSTOMERS.everyday);
    for (const jar of [undefined, olivia]) {
      expect((await get("/staff/purchase-orders", jar)).status).toBe(404);
      expect((await get(`/staff/purchase-orders/${order.id}`, jar)).status).toBe(404);
      const decided = await post(
        `/staff/purchase-orders/${order.id}`,
        { decision: "approve", note: "" },
        jar,
      );
      expect(decided.status).toBe(404);
    }
    expect((await findAnyPurchaseOrder(shop.stores.database.db, order.id))?.status).toBe(
      "submitted",
    );

    const staff = await signInAsStaff(OPS);
    const account = await get("/account", staff);
    expect(account.status).toBe(302);
    expect(new URL(account.headers.get("location") ?? "", shop.origin).pathname).toBe("/login");
  });

  it("lists and finds orders, and decides one with the staff address; a reason is required", async () => {
    const { db } = shop.stores.database;
    const { order } = await submitPurchaseOrder(
      db,
      orderInput({ reference: `INBOX-${Date.now()}` }),
      STAFF,
    );
    const staff = await signInAsStaff(OPS);

    const inbox = await get(`/staff/purchase-orders?q=${order.reference.toLowerCase()}`, staff);
    expect(inbox.status).toBe(200);
    const list = await textOf(inbox);
    expect(list).toContain(order.number);
    expect(list).toContain("1 purchase order match");
    expect(list).toContain(`Signed in as staff: ${OPS}`);

    const page = await get(`/staff/purchase-orders/${order.id}`, staff);
    expect(page.status).toBe(200);
    const text = await textOf(page);
    expect(text).toContain("Zodiac TornaX Commercial Robotic Cleaner");
    expect(text).toContain(`Reject ${order.number}`);
    expect(text).toContain(`Approve ${order.number}`);

    const noReason = await post(
      `/staff/purchase-orders/${order.id}`,
      { decision: "reject", note: "" },
      staff,
    );
    expect(noReason.status).toBe(400);
    expect(await textOf(noReason)).toContain("Enter the reason for rejecting this order");

    const rejected = await post(
      `/staff/purchase-orders/${order.id}`,
      { decision: "reject", note: "Credit limit reached" },
      staff,
    );
    expect(rejected.status).toBe(200);
    expect(await textOf(rejected)).toContain(`${order.number} is now rejected.`);
    const stored = await findAnyPurchaseOrder(db, order.id);
    expect(stored?.history.at(-1)).toMatchObject({
      status: "rejected",
      actor: OPS,
      note: "Credit limit reached",
    });
    const [mail] = await listMail(db, { limit: 1 });
    expect(mail).toMatchObject({ to: order.customerEmail, kind: "purchase-order-rejected" });

    const twice = await post(
      `/staff/purchase-orders/${order.id}`,
      { decision: "approve", note: "" },
      staff,
    );
    expect(twice.status).toBe(409);
  });

  it("is personal: the page cache never answers a request carrying the staff cookie", async () => {
    const staff = await signInAsStaff(OPS);
    expect((await get("/staff/purchase-orders", staff)).headers.get("x-lagoon-cache")).toBe(
      "BYPASS",
    );
  });

  it("is a 404 again once staff sign out, for every copy of the cookie", async () => {
    const staff = await signInAsStaff(OPS);
    expect((await get("/staff/purchase-orders", staff)).status).toBe(200);
    const out = await post("/staff/sign-out", {}, staff);
    expect(out.status).toBe(302);
    expect((await get("/staff/purchase-orders", staff)).status).toBe(404);
  });
});
