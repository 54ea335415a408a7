import { createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { Redis } from "ioredis";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, signInAtEmulator } from "../../tests/support/customer-account-emulator";
import {
  closeAppBuild,
  type LagoonInstance,
  loadAppBuild,
  startLagoon,
} from "../../tests/support/lagoon-server";
import { REDIS_TEST_URL, redisAvailable, requireServiceInCi } from "../../tests/support/services";
import {
  addToCartOverHttp,
  DEMO_CUSTOMERS,
  shopCookies,
  signInOverHttp,
} from "../../tests/support/shopper";

// Decision 006 against the whole shop over HTTP: what visitors with a session, a cart or a
// preview see never reaches anonymous visitors, and Shopify's webhooks purge what they touch.

const PRODUCT = "/store/products/davey-silensorpro-sls-pool-pump";
const OTHER_PRODUCT = "/store/products/astral-ctx-pool-pump";
const COLLECTION = "/store/collections/pumps";
const PUMP_VARIANT = "gid://shopify/ProductVariant/47100001";
const STRIPS_VARIANT = "gid://shopify/ProductVariant/47100057";
const ARTICLE = "/news/winter-spa-care";
const draftId = JSON.parse(
  readFileSync("content/drafts/news_blog_page/winter-spa-care.json", "utf8"),
).id as string;

let build: ServerBuild;
beforeAll(async () => {
  build = await loadAppBuild();
}, 120_000);
afterAll(closeAppBuild);

async function get(origin: string, path: string, init: { cookie?: string; method?: string } = {}) {
  const response = await fetch(`${origin}${path}`, {
    method: init.method ?? "GET",
    headers: init.cookie ? { cookie: init.cookie } : {},
    redirect: "manual",
  });
  return { response, status: response.headers.get("x-lagoon-cache"), html: await response.text() };
}

/** Follows the shop's redirects like a browser, keeping cookies. */
async function browse(jar: CookieJar, url: URL, init: RequestInit = {}): Promise<Response> {
  let current = url;
  let request = init;
  for (let hop = 0; hop < 10; hop++) {
    const headers = new Headers(request.headers);
    headers.set("cookie", jar.header());
    const response = await fetch(current, { ...request, headers, redirect: "manual" });
    jar.store(response);
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel();
    current = new URL(location, current);
    request = {};
  }
  throw new Error(`Too many redirects from ${url}`);
}

describe("anonymous visitors and personal pages", () => {
  let shop: LagoonInstance;
  beforeAll(async () => {
    shop = await startLagoon({ build });
  }, 60_000);
  afterAll(() => shop?.close());

  it("never get what a signed-in customer, a cart or a preview was shown", async () => {
    const { origin } = shop;
    // The personal visits come first: had any been stored, anonymous visitors would get it.
    const customer = new CookieJar();
    const login = await fetch(`${origin}/account/login?returnTo=/`, { redirect: "manual" });
    customer.store(login);
    const callback = await signInAtEmulator(
      new URL(login.headers.get("location") ?? ""),
      "olivia.bennett@example.com",
      customer,
    );
    await browse(customer, callback);
    const added = await browse(customer, new URL(`${origin}/api/cart`), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", merchandiseId: PUMP_VARIANT, quantity: "1" }),
    });
    expect(added.ok).toBe(true);
    for (const path of ["/", PRODUCT, COLLECTION, ARTICLE, "/_.data"]) {
      const visit = await get(origin, path, { cookie: customer.header() });
      expect(visit.status, path).toBe("BYPASS");
      expect(visit.response.headers.get("cache-control"), path).toMatch(/private/);
      if (path.endsWith(".data")) {
        expect(cartQuantityInData(visit.html)).toBe(1);
      } else {
        expect(visit.html, path).toContain("<span>My Account</span>");
        expect(visit.html, path).toContain("Open cart, 1 item");
      }
    }

    const editor = new CookieJar();
    const session = await fetch(`${origin}/_emulators/content/preview?documentId=${draftId}`, {
      redirect: "manual",
    });
    const preview = await browse(editor, new URL(session.headers.get("location") ?? "", origin));
    const previewed = await preview.text();
    expect(previewed).toContain('aria-label="Preview"');
    expect(previewed).toContain("Winter spa care: seven habits for clear water");
    expect((await get(origin, ARTICLE, { cookie: editor.header() })).status).toBe("BYPASS");

    for (const path of ["/", PRODUCT, COLLECTION, ARTICLE, "/_.data"]) {
      const first = await get(origin, path);
      const again = await get(origin, path);
      expect([first.status, again.status], path).toEqual(["MISS", "HIT"]);
      for (const { html } of [first, again]) {
        if (!path.endsWith(".data")) {
          expect(html, path).toContain("<span>Sign In</span>");
          expect(html, path).toContain("Open cart, empty");
        }
        expect(html, path).not.toContain("gid://shopify/CartLine/");
        expect(html, path).not.toContain("<span>My Account</span>");
        expect(html, path).not.toContain("Olivia");
        expect(html, path).not.toContain("Open cart, 1 item");
        expect(html, path).not.toContain('aria-label="Preview"');
        expect(html, path).not.toContain("Winter spa care: seven habits");
      }
    }
  });

  it("renders a page again from the catalogue data the first render kept", async () => {
    const { origin } = shop;
    const path = "/store/products/aquachek-salt-test-strips";
    const productReads = async () => {
      const stats = (await (await fetch(`${origin}/_emulators/storefront/_stats`)).json()) as {
        byOperation: Record<string, number>;
      };
      return stats.byOperation.Product ?? 0;
    };
    const before = await productReads();
    const first = await get(origin, path);
    expect(first.status).toBe("MISS");
    const afterFirst = await productReads();
    expect(afterFirst).toBeGreaterThan(before);
    // A shopper with a cart never gets the stored page: theirs is rendered, from the kept data.
    const shopper = await addToCartOverHttp(origin, new CookieJar(), PUMP_VARIANT);
    const rendered = await get(origin, path, { cookie: shopper.header() });
    expect(rendered.status).toBe("BYPASS");
    expect(rendered.html).toContain("AquaChek Salt Test Strips</h1>");
    expect(await productReads()).toBe(afterFirst);
  });
});

describe("visitors side by side", () => {
  let shop: LagoonInstance;
  beforeAll(async () => {
    shop = await startLagoon({ build });
  }, 60_000);
  afterAll(() => shop?.close());

  interface Visitor {
    name: string;
    cookie?: string;
    signedIn: boolean;
    /** The cart button's label, and the cart's quantity in React Router's data. */
    cart: string;
    quantity: number | null;
  }
  interface Visit {
    visitor: Visitor;
    path: string;
    cache: string | null;
    body: string;
    nonce: string | undefined;
    cartLines: string[];
    uuids: string[];
  }

  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
  const CART_LINE = /gid:\/\/shopify\/CartLine\/[\w-]+(?:\?cart=[\w-]+)?/g;

  async function visit(visitor: Visitor, path: string): Promise<Visit> {
    const response = await fetch(`${shop.origin}${path}`, {
      headers: visitor.cookie ? { cookie: visitor.cookie } : {},
      redirect: "manual",
    });
    const body = await response.text();
    expect(response.status, `${visitor.name} ${path}`).toBe(200);
    const policy = response.headers.get("content-security-policy") ?? "";
    return {
      visitor,
      path,
      cache: response.headers.get("x-lagoon-cache"),
      body,
      nonce: path.endsWith(".data") ? undefined : /'nonce-([^']+)'/.exec(policy)?.[1],
      cartLines: [...new Set([...body.matchAll(CART_LINE)].map(([line]) => line))],
      uuids: [...new Set([...body.matchAll(UUID)].map(([uuid]) => uuid))],
    };
  }

  /** Whether the page shows `visitor`'s sign-in state and cart. */
  function shows(seen: Visit, visitor: Visitor): boolean {
    const { body } = seen;
    if (seen.path.endsWith(".data")) {
      return (
        body.includes(`"signedIn",${visitor.signedIn}`) &&
        cartQuantityInData(body) === visitor.quantity
      );
    }
    return (
      body.includes(visitor.signedIn ? "<span>My Account</span>" : "<span>Sign In</span>") &&
      body.includes(`aria-label="${visitor.cart}"`)
    );
  }

  it("each gets their own sign-in, cart, form keys and nonce, before and after a stored page", async () => {
    const { origin } = shop;
    const olivia = await signInOverHttp(origin, DEMO_CUSTOMERS.everyday);
    await addToCartOverHttp(origin, olivia, PUMP_VARIANT);
    const guest = new CookieJar();
    await addToCartOverHttp(origin, guest, STRIPS_VARIANT);
    await addToCartOverHttp(origin, guest, STRIPS_VARIANT);
    const visitors: Visitor[] = [
      { name: "anonymous", signedIn: false, cart: "Open cart, empty", quantity: null },
      {
        name: "Olivia, signed in",
        cookie: shopCookies(olivia),
        signedIn: true,
        cart: "Open cart, 1 item",
        quantity: 1,
      },
      {
        name: "a guest with a cart",
        cookie: shopCookies(guest),
        signedIn: false,
        cart: "Open cart, 2 items",
        quantity: 2,
      },
    ];
    const [anonymous] = visitors as [Visitor];
    const pages = ["/", COLLECTION, PRODUCT, `${PRODUCT}.data`];

    // The anonymous pages are stored first: shoppers who come later must not be given them.
    const stored = new Map<string, Visit>();
    for (const path of pages) {
      const first = await visit(anonymous, path);
      expect(first.cache, path).toBe("MISS");
      stored.set(path, first);
    }
    // Then all three at once, twice over: the anonymous visitor from the stored pages.
    const visits: Visit[] = [...stored.values()];
    for (const _round of [1, 2]) {
      for (const path of pages) {
        visits.push(...(await Promise.all(visitors.map((visitor) => visit(visitor, path)))));
      }
    }

    /** The form keys on a page: the ids that are not the anonymous page's (the content's). */
    const formKeys = (seen: Visit) =>
      seen.uuids.filter((uuid) => !stored.get(seen.path)?.uuids.includes(uuid));
    /** What only this answer's visitor may be given: cart lines, form keys and the nonce. */
    const ownTokens = (seen: Visit) => [
      ...seen.cartLines,
      ...formKeys(seen),
      ...(seen.nonce ? [`nonce="${seen.nonce}"`] : []),
    ];
    for (const seen of visits) {
      const where = `${seen.visitor.name} ${seen.path}`;
      if (!stored.has(seen.path) || stored.get(seen.path) !== seen) {
        expect(seen.cache, where).toBe(seen.visitor === anonymous ? "HIT" : "BYPASS");
      }
      expect(shows(seen, seen.visitor), `${where}: their own sign-in state and cart`).toBe(true);
      for (const other of visitors) {
        if (other.cart === seen.visitor.cart) continue;
        expect(shows(seen, other), `${where}: ${other.name}'s cart`).toBe(false);
      }
      if (seen.nonce) {
        // The page's scripts carry the nonce its own answer's policy names.
        expect(seen.body.includes(`nonce="${seen.nonce}"`), `${where}: its nonce`).toBe(true);
      }
      if (seen.visitor !== anonymous) {
        expect(seen.cartLines.length, `${where}: cart lines`).toBeGreaterThan(0);
        expect(formKeys(seen).length, `${where}: a form key`).toBeGreaterThan(0);
      }
      // Nothing one visitor was given reaches another: cart lines, form keys, nonce, name.
      for (const other of visits) {
        if (other.visitor === seen.visitor) continue;
        for (const token of ownTokens(seen)) {
          const leaked = other.body.includes(token);
          expect(leaked, `${where}'s ${token} on ${other.visitor.name} ${other.path}`).toBe(false);
        }
        if (seen.visitor.signedIn) {
          const named = /Olivia|Bennett|olivia\.bennett/.test(other.body);
          expect(named, `Olivia's name on ${other.visitor.name} ${other.path}`).toBe(false);
        }
      }
    }
    // Each rendered answer has a nonce of its own.
    const rendered = visits.filter((seen) => seen.visitor !== anonymous && seen.nonce);
    expect(new Set(rendered.map((seen) => seen.nonce)).size).toBe(rendered.length);
  });
});

const redis = await redisAvailable();

describe.runIf(requireServiceInCi(redis))(
  "Shopify webhooks, two app processes on one Redis",
  () => {
    const secret = "webhook-test-secret";
    const keyPrefix = `lagoon-test:${randomBytes(6).toString("hex")}:`;
    let first: LagoonInstance;
    let second: LagoonInstance;
    beforeAll(async () => {
      const shared = { url: REDIS_TEST_URL, keyPrefix };
      const env = { SHOPIFY_WEBHOOK_SECRET: secret };
      [first, second] = await Promise.all([
        startLagoon({ build, env, redis: shared }),
        startLagoon({ build, env, redis: shared }),
      ]);
    }, 60_000);
    afterAll(async () => {
      await Promise.all([first?.close(), second?.close()]);
      const raw = new Redis(REDIS_TEST_URL);
      let cursor = "0";
      do {
        const [next, keys] = await raw.scan(cursor, "MATCH", `${keyPrefix}*`);
        if (keys.length > 0) await raw.del(...keys);
        cursor = next;
      } while (cursor !== "0");
      await raw.quit();
    });

    const webhook = (body: string, hmac: string | undefined, id = randomBytes(8).toString("hex")) =>
      fetch(`${first.origin}/api/webhooks/shopify`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-shopify-topic": "products/update",
          "x-shopify-webhook-id": id,
          ...(hmac ? { "x-shopify-hmac-sha256": hmac } : {}),
        },
        body,
      });
    const sign = (body: string, key = secret) =>
      createHmac("sha256", key).update(body).digest("base64");
    const productUpdate = JSON.stringify({
      id: 8800001,
      handle: "davey-silensorpro-sls-pool-pump",
    });

    /** Whether each process answers `path` from the cache (HEAD: looks, never stores). */
    const cachedOn = async (path: string) =>
      Promise.all(
        [first, second].map(
          async (shop) => (await get(shop.origin, path, { method: "HEAD" })).status,
        ),
      );

    it("refuses a webhook without the right HMAC and purges nothing", async () => {
      await get(first.origin, PRODUCT);
      expect(await cachedOn(PRODUCT)).toEqual(["HIT", "HIT"]);

      const forged = await webhook(productUpdate, sign(productUpdate, "someone-else's-secret"));
      expect(forged.status).toBe(401);
      const unsigned = await webhook(productUpdate, undefined);
      expect(unsigned.status).toBe(401);
      const tampered = await webhook(productUpdate.replace("8800001", "1"), sign(productUpdate));
      expect(tampered.status).toBe(401);

      expect(await cachedOn(PRODUCT)).toEqual(["HIT", "HIT"]);
    });

    it("purges the product's page, its data and the collections on both processes", async () => {
      for (const path of [PRODUCT, `${PRODUCT}.data`, COLLECTION, OTHER_PRODUCT]) {
        await get(second.origin, path);
      }
      expect(await cachedOn(PRODUCT)).toEqual(["HIT", "HIT"]);

      const id = randomBytes(8).toString("hex");
      const delivered = await webhook(productUpdate, sign(productUpdate), id);
      expect(delivered.status).toBe(200);
      expect(await delivered.json()).toEqual({ outcome: "purged" });

      expect(await cachedOn(PRODUCT)).toEqual(["MISS", "MISS"]);
      expect(await cachedOn(`${PRODUCT}.data`)).toEqual(["MISS", "MISS"]);
      expect(await cachedOn(COLLECTION)).toEqual(["MISS", "MISS"]);
      // Another product's page is not touched.
      expect(await cachedOn(OTHER_PRODUCT)).toEqual(["HIT", "HIT"]);

      // Shopify retries: the same webhook id again is acknowledged and not handled twice.
      await get(first.origin, PRODUCT);
      const retried = await webhook(productUpdate, sign(productUpdate), id);
      expect(await retried.json()).toEqual({ outcome: "duplicate" });
      expect(await cachedOn(PRODUCT)).toEqual(["HIT", "HIT"]);
    });
  },
);

describe("a flood of made-up URLs", () => {
  let shop: LagoonInstance;
  beforeAll(async () => {
    shop = await startLagoon({ build });
  }, 60_000);
  afterAll(() => shop?.close());

  it("is answered from the page each route reads: parameters it does not read make no new page", async () => {
    const { origin } = shop;
    // The first visit makes up a parameter: the page is rendered and stored without it.
    const first = await get(origin, "/?x=made-up-0");
    expect(first.status).toBe("MISS");
    expect(first.html.includes("made-up")).toBe(false);
    for (const junk of ["?x=made-up-1", "?x=made-up-2&y=3", "?utm_source=mail&x=made-up-4"]) {
      const page = await get(origin, `/${junk}`);
      expect([page.response.status, page.status]).toEqual([200, "HIT"]);
      // The stored page was rendered without them: nothing a visitor made up is in it.
      expect(page.html.includes("made-up")).toBe(false);
    }
    expect((await get(origin, "/robots.txt")).status).toBe("MISS");
    expect((await get(origin, "/robots.txt?e=1")).status).toBe("HIT");

    // What a page reads still makes pages of its own, and nothing else about them does.
    expect((await get(origin, "/search?q=pump")).status).toBe("MISS");
    const pumps = await get(origin, "/search?x=9&q=pump");
    expect(pumps.status).toBe("HIT");
    const filters = await get(origin, "/search?q=filter&x=9");
    expect(filters.status).toBe("MISS");
    expect(filters.html === pumps.html).toBe(false);
    expect((await get(origin, `${COLLECTION}?sort=price-ascending`)).status).toBe("MISS");
    expect((await get(origin, `${COLLECTION}?sort=price-ascending&page=7`)).status).toBe("HIT");

    // React Router's data requests keep `_routes`, which says what data to send.
    const data = `${PRODUCT}.data?_routes=routes%2Fproduct`;
    expect((await get(origin, data)).status).toBe("MISS");
    expect((await get(origin, `${data}&x=1`)).status).toBe("HIT");
    expect((await get(origin, `${PRODUCT}.data?_routes=root`)).status).toBe("MISS");
  });
});

describe("security state and full caches", () => {
  let shop: LagoonInstance;
  beforeAll(async () => {
    shop = await startLagoon({ build });
  }, 60_000);
  afterAll(() => shop?.close());

  const signUp = (email: string) =>
    fetch(`${shop.origin}/api/newsletter`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ EMAIL: email, tags: "website" }),
    }).then((response) => response.status);

  it("keeps the newsletter limit and a sign-in in progress when every cache is full", async () => {
    const { origin, stores } = shop;
    const customer = new CookieJar();
    const login = await fetch(`${origin}/account/login?returnTo=/account`, { redirect: "manual" });
    customer.store(login);
    const statuses = [];
    for (let n = 1; n <= 5; n++) statuses.push(await signUp(`limit-${n}@example.com`));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);

    // 20,000 distinct entries in each cache: more than either holds, as a flood would leave them.
    const filler = Buffer.alloc(4_096, 1);
    for (let n = 0; n < 20_000; n++) {
      await stores.cache.set(`flood:${n}`, { n }, { ttlSeconds: 600 });
      await shop.pageStore.setBytes(`page:/search?q=flood-${n}`, filler, 600_000);
    }

    expect(await signUp("limit-6@example.com")).toBe(429);
    const callback = await signInAtEmulator(
      new URL(login.headers.get("location") ?? ""),
      "olivia.bennett@example.com",
      customer,
    );
    const landed = await browse(customer, callback);
    expect(new URL(landed.url).pathname).toBe("/account");
    expect(landed.status).toBe(200);
  }, 120_000);
});

/**
 * The cart's total quantity in a page's data (React Router's `.data`), null without a cart. The
 * root sends the cart as one JSON text (app/lib/json-text.ts), so its quotes come escaped.
 */
function cartQuantityInData(body: string): number | null {
  const quantity = /\\"totalQuantity\\":(\d+),/.exec(body)?.[1];
  return quantity === undefined ? null : Number(quantity);
}
