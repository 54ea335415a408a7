import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CookieJar, readForm } from "../../../tests/support/customer-account-emulator";
import {
  closeAppBuild,
  type LagoonInstance,
  loadAppBuild,
  startLagoon,
} from "../../../tests/support/lagoon-server";
import { addToCartOverHttp, DEMO_CUSTOMERS, signInOverHttp } from "../../../tests/support/shopper";

// Issue 30: the purchase-order checkout, the stored order, the staff email and the order's page
// each showed the customer's name and company twice, and the Newcastle address (whose recipient
// is the site manager) went out addressed to Marcus.

const FILTER = "gid://shopify/ProductVariant/47100229"; // Waterco Commercial Sand Filter 1200 mm
const HEAD_OFFICE = "gid://shopify/CustomerAddress/2011";
const NEWCASTLE = "gid://shopify/CustomerAddress/2012";

let build: ServerBuild;
let shop: LagoonInstance;
beforeAll(async () => {
  build = await loadAppBuild();
  shop = await startLagoon({ build, mail: true });
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await closeAppBuild();
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .trim();

async function visit(path: string, jar?: CookieJar) {
  const response = await fetch(`${shop.origin}${path}`, {
    headers: jar ? { cookie: jar.header() } : {},
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
}

async function page(jar: CookieJar, path: string) {
  const { status, html } = await visit(path, jar);
  expect(status, path).toBe(200);
  return html;
}

/** Marcus fills a cart and submits it from the checkout page; returns the order's id. */
async function submitOrder(jar: CookieJar, checkout: string, addressId: string) {
  const { fields } = readForm(checkout, "/purchase-order-checkout");
  const submitted = await fetch(`${shop.origin}/purchase-order-checkout`, {
    method: "POST",
    headers: { cookie: jar.header(), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      ...fields,
      reference: "RA-30",
      shippingMethod: "standard",
      addressId,
    }),
    redirect: "manual",
  });
  jar.store(submitted);
  expect(submitted.status).toBe(303);
  const thankYou = new URL(submitted.headers.get("location") ?? "", shop.origin);
  expect(thankYou.pathname).toBe("/po-thank-you");
  return thankYou.searchParams.get("order") ?? "";
}

/** The "Deliver to" choices: address id → the option's text. */
function deliveryChoices(html: string) {
  return Object.fromEntries(
    [
      ...html.matchAll(
        /<option value="(gid:\/\/shopify\/CustomerAddress\/[^"]+)"[^>]*>([\s\S]*?)<\/option>/g,
      ),
    ].map((match) => [match[1], text(match[2] ?? "")]),
  );
}

/** The lines of the order page's shipping block. */
function shippingLines(html: string) {
  const block = /<address[^>]*>([\s\S]*?)<\/address>/.exec(html)?.[1] ?? "";
  return [...block.matchAll(/<span[^>]*>([\s\S]*?)<\/span>/g)].map((match) => text(match[1] ?? ""));
}

async function staffMailAbout(number: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${shop.origin}/_emulators/mail/messages.json`);
    const messages = (await response.json()) as { subject: string; text: string }[];
    const found = messages.find((message) => message.subject.includes(number));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No staff email about ${number}`);
}

describe("a purchase order's delivery address", () => {
  it("appears once, with the address's own recipient, on the checkout, the order and the staff email", async () => {
    const jar = await signInOverHttp(shop.origin, DEMO_CUSTOMERS.commercial);
    await addToCartOverHttp(shop.origin, jar, FILTER);

    const checkout = await page(jar, "/purchase-order-checkout");
    expect(deliveryChoices(checkout)).toEqual({
      [HEAD_OFFICE]:
        "Marcus Reid, Reid Aquatic Services Pty Ltd, 18 Enterprise Drive, Unit 4, Tomago NSW 2322, Australia",
      [NEWCASTLE]:
        "Site Manager, Newcastle Aquatic Centre, 230 Lake Road, Wallsend NSW 2287, Australia",
    });

    const orderId = await submitOrder(jar, checkout, NEWCASTLE);
    const order = await page(jar, `/account/commercial-orders/${orderId}`);
    const newcastle = [
      "Site Manager",
      "Newcastle Aquatic Centre",
      "230 Lake Road",
      "Wallsend NSW 2287",
      "Australia",
    ];
    expect(shippingLines(order)).toEqual(newcastle);

    const number = /Purchase order (PO-\d{4}-\d{5})/.exec(order)?.[1] ?? "";
    const email = await staffMailAbout(number);
    expect(email.text).toContain(`Standard Shipping: ${newcastle.join(", ")}\n`);
  });
});

describe("the purchase-order confirmation", () => {
  const CONFIRMATION = "Your purchase order has been submitted";

  it("is shown to the customer whose order it names, and to nobody else", async () => {
    const marcus = await signInOverHttp(shop.origin, DEMO_CUSTOMERS.commercial);
    await addToCartOverHttp(shop.origin, marcus, FILTER);
    const orderId = await submitOrder(
      marcus,
      await page(marcus, "/purchase-order-checkout"),
      HEAD_OFFICE,
    );
    const confirmation = await page(marcus, `/po-thank-you?order=${orderId}`);
    expect(confirmation).toContain(CONFIRMATION);
    expect(confirmation).toMatch(/>PO-\d{4}-\d{5}</);

    // No order, an order that is not theirs, or one that does not exist: the 404 page.
    const olivia = await signInOverHttp(shop.origin, DEMO_CUSTOMERS.everyday);
    for (const [jar, path] of [
      [marcus, "/po-thank-you"],
      [marcus, "/po-thank-you?order=00000000-0000-0000-0000-000000000000"],
      [olivia, "/po-thank-you"],
      [olivia, `/po-thank-you?order=${orderId}`],
    ] as const) {
      const { status, html } = await visit(path, jar);
      expect({ path, status }).toEqual({ path, status: 404 });
      expect(html).not.toContain(CONFIRMATION);
    }
  });

  it("is not a thank-you page anyone can open at /thank-you/po-thank-you", async () => {
    const { status, html } = await visit("/thank-you/po-thank-you");
    expect(status).toBe(404);
    expect(html).not.toContain(CONFIRMATION);
    expect(html).not.toContain("Purchase order received");
  });
});
