import { createHmac } from "node:crypto";
import { Agent } from "node:http";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ANOTHER_MACHINE,
  closeAppBuild,
  type LagoonInstance,
  loadAppBuild,
  startLagoon,
} from "../tests/support/lagoon-server";
import { type RawRequest, send } from "../tests/support/raw-http";
import { variantIdsFor } from "../tests/support/shopper";
import { appEntryOf } from "./app-build";
import { readConfig } from "./config";
import { createEmulators } from "./emulators";

// Issue 28, item 6: a demo shop (embedded mode) served where others can reach it cannot be taken
// over. Its secrets are its own, not the defaults published in the source (for staff decision
// links see app/routes/purchase-orders.decision.test.ts), and what the emulators show an
// operator (the staff email with its Approve link, newsletter members, draft orders, test
// switches) opens only on the machine the shop runs on. Shoppers elsewhere still get the images,
// the checkout page and the sign-in pages they are sent to (decision 010).

/** What the source used to sign webhooks with when SHOPIFY_WEBHOOK_SECRET was unset. */
const PUBLISHED_WEBHOOK_SECRET = "lagoon-embedded-shopify-webhook-secret";

let build: ServerBuild;
let shop: LagoonInstance;
const elsewhere = new Agent({ localAddress: ANOTHER_MACHINE.connectFrom });
beforeAll(async () => {
  build = await loadAppBuild();
  // With the test controls mounted, to show that they too stay private.
  shop = await startLagoon({ build, env: { LAGOON_TEST_CONTROLS: "1" } });
}, 120_000);
afterAll(async () => {
  elsewhere.destroy();
  await shop?.close();
  await closeAppBuild();
});

const fromElsewhere = (request: RawRequest, origin = shop.origin) =>
  send(origin, request, { agent: elsewhere });
const fromThisMachine = (request: RawRequest) => send(shop.origin, request);

const PRIVATE: RawRequest[] = [
  { path: "/_emulators/mail" },
  { path: "/_emulators/mail/" },
  { path: "/_emulators/MAIL" },
  { path: "/_emulators/mail/messages.json" },
  { path: "/_emulators/mail/1" },
  {
    method: "POST",
    path: "/_emulators/mail/messages",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ messageId: "x", from: "a@b.c", to: "d@e.f", subject: "s", text: "t" }),
  },
  { path: "/_emulators/newsletter" },
  {
    method: "PUT",
    path: "/_emulators/newsletter/3.0/lists/lagoon-demo/members/0",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  },
  { path: "/_emulators/storefront/admin/draft-orders.json" },
  {
    method: "POST",
    path: "/_emulators/storefront/admin/api/2026-04/graphql.json",
    headers: { "Content-Type": "application/json" },
    body: '{"query":"{ __typename }"}',
  },
  {
    method: "POST",
    path: "/_emulators/storefront/api/2026-04/graphql.json",
    headers: { "Content-Type": "application/json" },
    body: '{"query":"{ __typename }"}',
  },
  { path: "/_emulators/storefront/_stats" },
  {
    method: "PUT",
    path: "/_emulators/storefront/_faults/cart",
    headers: { "Content-Type": "application/json" },
    body: '{"cartId":"gid://shopify/Cart/x","fault":"error"}',
  },
  {
    method: "POST",
    path: "/_emulators/customer-account/_test/revoke-grants",
    headers: { "Content-Type": "application/json" },
    body: '{"email":"olivia.bennett@example.com"}',
  },
  {
    method: "POST",
    path: "/_emulators/customer-account/_TEST/revoke-grants",
    headers: { "Content-Type": "application/json" },
    body: '{"email":"olivia.bennett@example.com"}',
  },
  { path: "/_emulators/content/api/v2" },
  { path: "/_emulators/content/preview?documentId=home" },
  { path: "/_emulators/storefront/images/../_stats" },
  { path: "/_emulators/storefront/images/%2e%2e/_stats" },
];

const label = (request: RawRequest) => `${request.method ?? "GET"} ${request.path}`;

describe("the emulators' private pages and APIs", () => {
  it.each(PRIVATE.map((request) => [label(request), request] as const))(
    "refuse %s from another machine",
    async (_label, request) => {
      const answer = await fromElsewhere(request);
      expect(answer.status).toBe(403);
      expect(answer.body).not.toMatch(/decision\?token=|@example\.com/);
    },
  );

  it("open on the machine the shop runs on", async () => {
    expect((await fromThisMachine({ path: "/_emulators/mail" })).status).toBe(200);
    expect((await fromThisMachine({ path: "/_emulators/newsletter" })).status).toBe(200);
    expect((await fromThisMachine({ path: "/_emulators/storefront/_stats" })).status).toBe(200);
  });

  it("refuse what a proxy on this machine forwards for someone elsewhere", async () => {
    const forwardedForElsewhere: Record<string, string>[] = [
      { "X-Forwarded-For": "203.0.113.9" },
      { "X-Forwarded-For": "127.0.0.1, 203.0.113.9" },
      { Forwarded: "for=203.0.113.9;proto=https" },
      { Forwarded: 'for="[2001:db8::1]:4711"' },
    ];
    for (const headers of forwardedForElsewhere) {
      const answer = await fromThisMachine({ path: "/_emulators/mail", headers });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
    }
    const local = { "X-Forwarded-For": "127.0.0.1", Forwarded: 'for="[::1]"' };
    expect((await fromThisMachine({ path: "/_emulators/mail", headers: local })).status).toBe(200);
  });
});

describe("what a shopper on another machine is sent to", () => {
  it("answers: product, collection and content images, the sign-in provider", async () => {
    for (const path of [
      "/_emulators/storefront/images/products/davey-silensorpro-sls-pool-pump/1.svg",
      "/_emulators/content/images/about-team.svg",
      "/_emulators/customer-account/.well-known/openid-configuration",
    ]) {
      expect((await fromElsewhere({ path })).status, path).toBe(200);
    }
  });

  it("answers the whole way through the checkout", async () => {
    const [variant] = await variantIdsFor(shop.origin, 1);
    const form = { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" };
    const added = await fromElsewhere({
      method: "POST",
      path: "/api/cart",
      headers: form,
      body: new URLSearchParams({
        intent: "add",
        merchandiseId: variant as string,
        quantity: "1",
      }).toString(),
    });
    expect(added.status).toBe(303);
    const cookie = [added.headers["set-cookie"] ?? []]
      .flat()
      .map((header) => header.split(";")[0])
      .join("; ");
    const checkout = await fromElsewhere({
      method: "POST",
      path: "/api/cart",
      headers: { ...form, Cookie: cookie },
      body: "intent=checkout",
    });
    expect(checkout.status).toBe(303);
    const checkoutPage = new URL(String(checkout.headers.location));
    expect(checkoutPage.pathname).toMatch(/^\/_emulators\/storefront\/cart\/c\//);
    const page = await fromElsewhere({ path: `${checkoutPage.pathname}${checkoutPage.search}` });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Checkout");
  });

  it("answers the whole way to the sign-in page", async () => {
    const cookies = new Map<string, string>();
    let path = "/account/login";
    for (let hop = 0; hop < 5; hop++) {
      const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
      const answer = await fromElsewhere({ path, headers: { Cookie: cookie } });
      for (const header of [answer.headers["set-cookie"] ?? []].flat()) {
        const [pair = ""] = header.split(";");
        cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
      }
      if (answer.status >= 300 && answer.status < 400) {
        const next = new URL(String(answer.headers.location), shop.origin);
        path = `${next.pathname}${next.search}`;
        continue;
      }
      expect(answer.status).toBe(200);
      expect(path).toMatch(/^\/_emulators\/customer-account\/interaction\//);
      expect(answer.body).toContain("olivia.bennett@example.com");
      return;
    }
    throw new Error("No sign-in page after 5 redirects");
  });
});

describe("the shop's own secrets", () => {
  it("refuse a Shopify webhook signed with the secret published in the source", async () => {
    const body = JSON.stringify({ id: 1, handle: "davey-silensorpro-sls-pool-pump" });
    const webhook = (secret: string) =>
      fromElsewhere({
        method: "POST",
        path: "/api/webhooks/shopify",
        headers: {
          "Content-Type": "application/json",
          "X-Shopify-Topic": "products/update",
          "X-Shopify-Webhook-Id": crypto.randomUUID(),
          "X-Shopify-Hmac-Sha256": createHmac("sha256", secret).update(body).digest("base64"),
        },
        body,
      });
    expect((await webhook(PUBLISHED_WEBHOOK_SECRET)).status).toBe(401);
    // The storefront emulator's own webhooks still purge.
    const own = shop.stores.config.storefront.webhookSecret as string;
    expect((await webhook(own)).status).toBe(200);
  });
});

describe("LAGOON_DEMO_PUBLIC=1", () => {
  let open: LagoonInstance | undefined;
  afterAll(async () => {
    await open?.close();
  });

  it("opens the private pages to everyone", async () => {
    open = await startLagoon({ build, env: { LAGOON_DEMO_PUBLIC: "1" } });
    expect((await fromElsewhere({ path: "/_emulators/mail" }, open.origin)).status).toBe(200);
    expect((await fromElsewhere({ path: "/_emulators/newsletter" }, open.origin)).status).toBe(200);
  });

  it("says so when the emulators are mounted", async () => {
    const config = readConfig({
      LAGOON_DEMO_PUBLIC: "1",
      LAGOON_DATA_DIR: shop.stores.config.dataDir,
    });
    const warn = vi.fn();
    const emulators = await createEmulators(config, {
      signIn: appEntryOf(build).oidcSettings(config),
      logger: { warn, error: vi.fn() },
    });
    await emulators.close();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^LAGOON_DEMO_PUBLIC=1: .*anyone/));
  });
});
