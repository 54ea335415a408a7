import { createHmac, randomUUID } from "node:crypto";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar } from "../../tests/support/customer-account-emulator";
import {
  closeAppBuild,
  type LagoonInstance,
  loadAppBuild,
  startLagoon,
} from "../../tests/support/lagoon-server";
import { addToCartOverHttp } from "../../tests/support/shopper";

// What shoppers see after the catalogue changes, on one process's own cache (the in-process
// store; two processes on Redis are in shop-pages.test.ts): a page stored before the change keeps
// the old data until Shopify's webhook for it arrives, and shows the new data after it. Each test
// changes products and collections no other test here reads.

const SECRET = "catalogue-changes-secret";
const EMULATOR = "/_emulators/storefront";

let build: ServerBuild;
let shop: LagoonInstance;
beforeAll(async () => {
  build = await loadAppBuild();
  // The storefront emulator signs its own webhooks (a checkout's) with the same secret.
  shop = await startLagoon({ build, env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await closeAppBuild();
});

/** What a visitor gets: the status, what the page cache did, the heading and the page's text. */
async function visit(path: string) {
  const response = await fetch(`${shop.origin}${path}`, { redirect: "manual" });
  const html = await response.text();
  return {
    status: response.status,
    cache: response.headers.get("x-lagoon-cache"),
    heading: /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1],
    /** Whether `text` is an element's whole text on the page (not an attribute or data). */
    shows: (text: string) => html.includes(`>${text}<`),
    /** How often `text` is an element's whole text on the page. */
    count: (text: string) => html.split(`>${text}<`).length - 1,
    links: (path: string) => html.includes(`href="${path}"`),
  };
}

/** Reads `path` until the page cache holds it, and returns what it holds. */
async function stored(path: string) {
  await visit(path);
  const again = await visit(path);
  expect(again, path).toMatchObject({ status: 200, cache: "HIT" });
  return again;
}

interface Webhook {
  topic: string;
  payload: unknown;
}

/** A merchant's edit in Shopify admin (the emulator's), and the webhook Shopify would send. */
async function edit(method: string, path: string, body?: unknown): Promise<Webhook> {
  const response = await fetch(`${shop.origin}${EMULATOR}/_catalog/${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBe(200);
  return (await response.json()) as Webhook;
}

/** Delivers a webhook as Shopify does: signed with the app's secret, under a new id. */
async function deliver({ topic, payload }: Webhook) {
  const body = JSON.stringify(payload);
  const response = await fetch(`${shop.origin}/api/webhooks/shopify`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": topic,
      "X-Shopify-Shop-Domain": "coral-bay.myshopify.com",
      "X-Shopify-Webhook-Id": randomUUID(),
      "X-Shopify-Hmac-Sha256": createHmac("sha256", SECRET).update(body).digest("base64"),
    },
    body,
  });
  expect(await response.json()).toEqual({ outcome: "purged" });
}

describe("Shopify's webhooks, one process and its own page cache", () => {
  it("products/update: the product's page and its collection show the new title", async () => {
    const product = "/store/products/zodiac-flopro-vs-variable-speed-pump";
    const collection = "/store/collections/pumps";
    const otherProduct = "/store/products/astral-ctx-pool-pump";
    const before = "Zodiac FloPro VS Variable Speed Pump";
    const after = "Zodiac FloPro Series 2 Pump";
    expect((await stored(product)).heading).toBe(before);
    expect((await stored(collection)).shows(before)).toBe(true);
    await stored(otherProduct);

    const webhook = await edit("PATCH", "products/zodiac-flopro-vs-variable-speed-pump", {
      title: after,
    });
    // Until Shopify says so, the stored page is what shoppers get.
    expect(await visit(product)).toMatchObject({ cache: "HIT", heading: before });

    await deliver(webhook);
    expect(await visit(product)).toMatchObject({ status: 200, cache: "MISS", heading: after });
    const listing = await visit(collection);
    expect(listing).toMatchObject({ status: 200, cache: "MISS" });
    expect(listing.shows(after)).toBe(true);
    expect(listing.shows(before)).toBe(false);
    // A product the webhook does not name keeps its stored page.
    expect((await visit(otherProduct)).cache).toBe("HIT");
  });

  it("products/delete: the product's page is gone, its collection and search no longer list it", async () => {
    const handle = "hayward-max-flo-xl-pool-pump";
    const product = `/store/products/${handle}`;
    const collection = "/store/collections/pumps";
    const search = "/search?q=hayward";
    await stored(product);
    expect((await stored(collection)).links(product)).toBe(true);
    expect((await stored(search)).links(product)).toBe(true);

    const webhook = await edit("DELETE", `products/${handle}`);
    expect(await visit(product)).toMatchObject({ status: 200, cache: "HIT" });

    await deliver(webhook);
    expect((await visit(product)).status).toBe(404);
    for (const listing of [await visit(collection), await visit(search)]) {
      expect(listing).toMatchObject({ status: 200, cache: "MISS" });
      expect(listing.links(product)).toBe(false);
    }
  });

  it("collections/update: the collection's page shows its new title", async () => {
    const collection = "/store/collections/filters";
    const otherCollection = "/store/collections/heating";
    expect((await stored(collection)).heading).toBe("Filters");
    await stored(otherCollection);

    const webhook = await edit("PATCH", "collections/filters", { title: "Filters and Media" });
    expect(await visit(collection)).toMatchObject({ cache: "HIT", heading: "Filters" });

    await deliver(webhook);
    expect(await visit(collection)).toMatchObject({
      status: 200,
      cache: "MISS",
      heading: "Filters and Media",
    });
    expect((await visit(otherCollection)).cache).toBe("HIT");
  });

  it("inventory_levels/update: the product's page and its collection show the new stock", async () => {
    const product = "/store/products/aquachek-7-in-1-test-strips";
    const collection = "/store/collections/test-kits";
    const page = await stored(product);
    expect([page.shows("In stock"), page.shows("Sold out")]).toEqual([true, false]);
    const soldOutCards = (await stored(collection)).count("Sold out");

    const webhook = await edit("PUT", "stock", {
      variantId: "gid://shopify/ProductVariant/47100057",
      available: 0,
    });
    expect((await visit(product)).shows("In stock")).toBe(true);

    await deliver(webhook);
    const after = await visit(product);
    expect(after).toMatchObject({ status: 200, cache: "MISS" });
    expect([after.shows("In stock"), after.shows("Sold out")]).toEqual([false, true]);
    const listing = await visit(collection);
    expect(listing.cache).toBe("MISS");
    expect(listing.count("Sold out")).toBe(soldOutCards + 1);
  });
});

describe("a checkout that sells the last unit", () => {
  it("turns the stored product page to Sold out once the platform's webhooks arrive", async () => {
    const product = "/store/products/lamotte-colorq-pro-7-digital-tester";
    expect((await stored(product)).shows("Only 1 left")).toBe(true);

    const shopper = new CookieJar();
    await addToCartOverHttp(shop.origin, shopper, "gid://shopify/ProductVariant/47100062");
    const checkout = await fetch(`${shop.origin}/api/cart`, {
      method: "POST",
      headers: {
        cookie: shopper.header(),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "checkout" }),
      redirect: "manual",
    });
    expect(checkout.status).toBe(303);
    const order = await fetch(new URL(checkout.headers.get("location") ?? "", shop.origin), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        email: "last.unit@example.com",
        firstName: "Lee",
        lastName: "Nguyen",
        address1: "5 Marine Parade",
        city: "Coolangatta",
        zoneCode: "QLD",
        zip: "4225",
      }),
      redirect: "manual",
    });
    expect(order.status).toBe(303);
    expect(order.headers.get("location")).toContain("/thank-you/order-received");

    // The emulator tells the app after the shopper's request, as Shopify does: the stored page
    // goes once its webhooks are in.
    await expect
      .poll(async () => (await visit(product)).shows("Sold out"), { timeout: 10_000 })
      .toBe(true);
    const after = await visit(product);
    expect(after.status).toBe(200);
    expect(after.shows("Only 1 left")).toBe(false);
  });
});
