import { describe, expect, it } from "vitest";
import type { CookieJar } from "../../../tests/support/customer-account-emulator";
import { lagoonForFile } from "../../../tests/support/lagoon-server";
import { DEMO_CUSTOMERS, signInOverHttp } from "../../../tests/support/shopper";

// Issue 30: /account/vip offers its products "before they appear in the shop's collections", yet
// they were in the collections, search and the sitemap, and anyone could buy them. product §6:
// the products tagged `vip-early-access` are for VIP customers until the shop releases them.

const EARLY_ACCESS = [
  "astral-viron-equilibrium-heat-pump",
  "zodiac-mx8-elite-suction-cleaner",
  "made-to-measure-spa-cover",
];
const HEAT_PUMP = "/store/products/astral-viron-equilibrium-heat-pump";
const HEAT_PUMP_VARIANT = "gid://shopify/ProductVariant/47100080";
const PUMP_VARIANT = "gid://shopify/ProductVariant/47100001"; // Davey SilensorPro, released

const shop = lagoonForFile();

async function get(path: string, jar?: CookieJar) {
  const response = await fetch(`${shop.origin}${path}`, {
    headers: jar ? { cookie: jar.header() } : {},
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

const earlyAccessIn = (body: string) => EARLY_ACCESS.filter((handle) => body.includes(handle));

/** Adds a variant with a fetcher's form post, as the product page does; the JSON answer. */
async function addToCart(merchandiseId: string, jar?: CookieJar) {
  const response = await fetch(`${shop.origin}/api/cart`, {
    method: "POST",
    headers: {
      ...(jar ? { cookie: jar.header() } : {}),
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
    },
    body: new URLSearchParams({ intent: "add", merchandiseId, quantity: "1" }),
  });
  jar?.store(response);
  return { status: response.status, body: await response.text() };
}

/** The product cards of a collection page. */
const cardCount = (html: string) => html.match(/<article\b/g)?.length ?? 0;

describe("VIP early-access products", () => {
  it("are in no collection page, collection filter, search, suggestion or sitemap", async () => {
    for (const collection of ["heating", "cleaning", "spa-covers", "pool-equipment", "all"]) {
      const page = await get(`/store/collections/${collection}`);
      expect(page.status, collection).toBe(200);
      expect(earlyAccessIn(page.body), collection).toEqual([]);
    }
    // A collection page still holds 16 products, and the filters offer no tag that only an
    // early-access product has ("made to order" is the spa cover's alone).
    expect(cardCount((await get("/store/collections/pool-equipment")).body)).toBe(16);
    const covers = await get("/store/collections/spa-covers");
    expect(covers.body).toContain(">spa cover<");
    expect(covers.body).not.toContain(">made to order<");
    const heatPumps = await get("/store/collections/heating?tag=heat+pump");
    expect(cardCount(heatPumps.body)).toBe(3);
    expect(earlyAccessIn(heatPumps.body)).toEqual([]);

    for (const query of ["heat pump", "viron", "suction cleaner", "spa cover"]) {
      const results = await get(`/search?q=${encodeURIComponent(query)}`);
      expect(earlyAccessIn(results.body), query).toEqual([]);
      const suggestions = await get(`/api/predictive-search?q=${encodeURIComponent(query)}`);
      expect(suggestions.status).toBe(200);
      expect(earlyAccessIn(suggestions.body), query).toEqual([]);
    }
    const viron = await get("/search?q=viron");
    expect(viron.body).toContain("astral-viron-p320-eco-pump");

    const sitemap = await get("/sitemap/products/1.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).toContain("/store/products/davey-silensorpro-sls-pool-pump");
    expect(earlyAccessIn(sitemap.body)).toEqual([]);
  });

  it("cannot be opened or bought by a visitor or a customer who is not a VIP", async () => {
    const olivia = await signInOverHttp(shop.origin, DEMO_CUSTOMERS.everyday);
    for (const jar of [undefined, olivia]) {
      expect((await get(HEAT_PUMP, jar)).status).toBe(404);
      const added = await addToCart(HEAT_PUMP_VARIANT, jar);
      expect(added.status).toBe(403);
      expect(JSON.parse(added.body)).toMatchObject({
        ok: false,
        error: "Failed to add variant to cart",
      });
      // Released products are bought as ever.
      expect((await addToCart(PUMP_VARIANT, jar)).status).toBe(200);
    }
  });

  it("are open to a VIP: the product page, kept out of shared caches, and the cart", async () => {
    const sophie = await signInOverHttp(shop.origin, DEMO_CUSTOMERS.vip);
    const vip = await get("/account/vip", sophie);
    expect(earlyAccessIn(vip.body)).toEqual(EARLY_ACCESS);
    const page = await get(HEAT_PUMP, sophie);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Astral Viron eQuilibrium Heat Pump");
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await addToCart(HEAT_PUMP_VARIANT, sophie)).status).toBe(200);
  });
});
