import { fileURLToPath } from "node:url";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStorefrontEmulator } from "../../../emulators/storefront";
import { type LoopbackServer, listenOnLoopback } from "../../../tests/support/loopback";
import { createMemoryCache } from "../../../tests/support/server-parts";
import type { Cache } from "../cache";
import { STOREFRONT_API_VERSION } from "./api-version";
import { CATALOG_ERRORS, type Catalog, createCatalog, StorefrontError } from "./catalog.server";
import { createStorefrontClient, type StorefrontConfig } from "./storefront.server";

// The catalogue through the production client, over real HTTP, against the storefront emulator
// configured exactly as a shop would be.

const catalogDir = fileURLToPath(new URL("../../../demo/catalog", import.meta.url));
const MOUNT = "/_emulators/storefront";

let server: LoopbackServer;
let config: StorefrontConfig;
let cache: Cache;

beforeAll(async () => {
  const app = express();
  server = await listenOnLoopback(app);
  app.use(
    MOUNT,
    createStorefrontEmulator({ catalogDir, publicOrigin: server.origin, testControls: true }),
  );
  config = {
    storeDomain: `${server.origin}${MOUNT}`,
    apiVersion: STOREFRONT_API_VERSION,
    publicAccessToken: "demo-public-token",
  };
});

afterAll(() => server.close());

beforeEach(() => {
  cache = createMemoryCache();
});

function catalog(
  options: { fault?: string; config?: Partial<StorefrontConfig>; cache?: Cache } = {},
): Catalog {
  // The fault header is the emulator's test switch; a real shop never sees it.
  const faultyFetch: typeof fetch = (input, init) =>
    fetch(input, {
      ...init,
      headers: {
        ...(init?.headers as Record<string, string>),
        "X-Emulator-Fault": options.fault ?? "",
      },
    });
  const client = createStorefrontClient(
    { ...config, ...options.config },
    { cache: options.cache ?? cache, fetch: options.fault ? faultyFetch : undefined },
  );
  return createCatalog(client);
}

async function stats(): Promise<{ requests: number; byOperation: Record<string, number> }> {
  return (await fetch(`${server.origin}${MOUNT}/_stats`)).json();
}

async function expectStorefrontError(
  promise: Promise<unknown>,
  expected: { message: string; status: number },
) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(StorefrontError);
  expect(error).toMatchObject(expected);
}

describe("products", () => {
  it("reshapes a product by handle, with downloads, directions and flags", async () => {
    const product = await catalog().getProduct("lo-chlor-starver-phosphate-remover");
    expect(product).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/),
      title: "Lo-Chlor Starver Phosphate Remover",
      vendor: "Lo-Chlor",
      productType: "Chemical",
      availableForSale: true,
      totalInventory: 45,
      quantityTicker: true,
      requestAQuote: false,
      options: [{ name: "Size", values: ["1 L", "4 L"] }],
      priceRange: { min: { amount: "54.95", currencyCode: "AUD" }, max: { amount: "169.00" } },
      compareAtPriceRange: { max: { amount: "59.95" } },
    });
    expect(product?.descriptionHtml).toMatch(/^<p>/);
    expect(product?.variants[0]).toMatchObject({
      title: "1 L",
      sku: "LOC-STARVER-1L",
      inventoryQuantity: 36,
      price: { amount: "54.95" },
      compareAtPrice: { amount: "59.95" },
      selectedOptions: [{ name: "Size", value: "1 L" }],
    });
    expect(product?.downloads).toEqual([
      {
        id: expect.stringMatching(/^gid:\/\/shopify\/GenericFile\//),
        url: `${server.origin}${MOUNT}/files/lo-chlor-starver-sds.pdf`,
        alt: "Lo-Chlor Starver – Safety Data Sheet",
        originalFileSize: expect.any(Number),
        mimeType: "application/pdf",
      },
    ]);
    expect(product?.directions).toHaveLength(1);
    // No edges or nodes reach the app.
    expect(JSON.stringify(product)).not.toMatch(/"(edges|nodes|node)"/);
  });

  it("caps images at 5 and variants at 100 (product §9)", async () => {
    const tester = await catalog().getProduct("lamotte-colorq-pro-7-digital-tester");
    expect(tester?.images).toHaveLength(5);
    expect(tester?.images[0]?.url).toBe(
      `${server.origin}${MOUNT}/images/products/lamotte-colorq-pro-7-digital-tester/1.svg`,
    );
    const cover = await catalog().getProduct("made-to-measure-spa-cover");
    expect(cover?.variants).toHaveLength(100);
    expect(cover?.options.map((o) => o.name)).toEqual(["Size", "Colour", "Taper"]);
    expect(cover?.variants[0]).toMatchObject({
      inventoryQuantity: 0,
      availableForSale: true,
      currentlyNotInStock: true,
    });
    expect(cover?.compareAtPriceRange).toBeNull();
  });

  it("finds a product by gid or numeric id", async () => {
    const byHandle = await catalog().getProduct("davey-silensorpro-sls-pool-pump");
    const id = byHandle?.id ?? "";
    expect((await catalog().getProductById(id))?.handle).toBe("davey-silensorpro-sls-pool-pump");
    expect((await catalog().getProductById(id.split("/").at(-1) ?? ""))?.id).toBe(id);
  });

  it("answers null, not an error, for a product that does not exist", async () => {
    expect(await catalog().getProduct("no-such-product")).toBeNull();
    expect(await catalog().getProductById("gid://shopify/Product/1")).toBeNull();
  });

  it("serves a repeated read from the cache without calling the Storefront API", async () => {
    const shared = catalog();
    const before = (await stats()).byOperation.Product ?? 0;
    const first = await shared.getProduct("astral-ctx-pool-pump");
    const second = await shared.getProduct("astral-ctx-pool-pump");
    expect(second).toEqual(first);
    expect((await stats()).byOperation.Product).toBe(before + 1);
    // A different cache (another process without Redis) does call it.
    await catalog({ cache: createMemoryCache() }).getProduct("astral-ctx-pool-pump");
    expect((await stats()).byOperation.Product).toBe(before + 2);
  });
});

describe("collections", () => {
  it("pages 16 products at a time with the cursor of the previous page", async () => {
    const first = await catalog().getCollection("pool-equipment");
    expect(first?.title).toBe("Pool Equipment");
    expect(first?.products).toHaveLength(16);
    expect(first?.pageInfo.hasNextPage).toBe(true);
    const second = await catalog().getCollection("pool-equipment", {
      after: first?.pageInfo.endCursor,
    });
    // 32 products, two of them VIP early access (product §6): every other one, once.
    expect(second?.products).toHaveLength(14);
    expect(second?.pageInfo.hasNextPage).toBe(false);
    const listed = [...(first?.products ?? []), ...(second?.products ?? [])];
    expect(new Set(listed.map((p) => p.id)).size).toBe(30);
    expect(listed.filter((p) => p.tags.includes("vip-early-access"))).toEqual([]);
    const product = second?.products[0];
    expect(product?.variants.length).toBeGreaterThan(0);
    expect(product?.variants.length).toBeLessThanOrEqual(5);
    expect(product).toHaveProperty("requestAQuote", false);
  });

  it("limits a collection's products to 5 variants each (product §9)", async () => {
    const cleaning = await catalog().getCollection("cleaning");
    const hose = cleaning?.products.find((p) => p.handle === "zodiac-premium-vacuum-hose");
    expect(hose?.variants).toHaveLength(5);
  });

  it("ends a page at its last product shown when early-access ones are left out", async () => {
    // Pages of 3 over pool-equipment: the early-access products are 18th and 26th of 32.
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 20; page++) {
      const collection = await catalog().getCollection("pool-equipment", { first: 3, after });
      const products = collection?.products ?? [];
      if (collection?.pageInfo.hasNextPage) expect(products).toHaveLength(3);
      seen.push(...products.map((p) => p.handle));
      if (!collection?.pageInfo.hasNextPage) break;
      after = collection.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(seen).not.toContain("zodiac-mx8-elite-suction-cleaner");
    expect(seen).not.toContain("astral-viron-equilibrium-heat-pump");
  });

  it("finds a collection by handle, gid or numeric id", async () => {
    const byHandle = await catalog().getCollection("commercial-equipment");
    const id = byHandle?.id ?? "";
    expect(id).toMatch(/^gid:\/\/shopify\/Collection\/\d+$/);
    const byGid = await catalog().getCollection(id);
    const byNumber = await catalog().getCollection(id.split("/").at(-1) ?? "");
    expect(byGid).toEqual(byHandle);
    expect(byNumber).toEqual(byHandle);
    expect(byHandle?.products.every((p) => p.productType === "commercial")).toBe(true);
    expect(byHandle?.products.some((p) => p.requestAQuote)).toBe(true);
  });

  it("sorts and filters by tag", async () => {
    const byPrice = await catalog().getCollection("filters", { sortKey: "PRICE" });
    const prices = byPrice?.products.map((p) => Number(p.priceRange.min.amount)) ?? [];
    expect(prices.length).toBeGreaterThan(3);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const newest = await catalog().getCollection("filters", { sortKey: "CREATED", reverse: true });
    const created = newest?.products.map((p) => p.createdAt) ?? [];
    expect(created).toEqual([...created].sort().reverse());

    const cartridges = await catalog().getCollection("filters", { tags: ["cartridge"] });
    expect(cartridges?.products.length).toBeGreaterThan(0);
    expect(cartridges?.products.length).toBeLessThan(byPrice?.products.length ?? 0);
    expect(cartridges?.products.every((p) => p.tags.includes("cartridge"))).toBe(true);
  });

  it("lists a collection's tags from its products, once each and sorted", async () => {
    const tags = await catalog().getCollectionTags("test-kits");
    expect(tags).toEqual([...new Set(tags)].sort((a, b) => a.localeCompare(b, "en")));
    expect(tags).toEqual(expect.arrayContaining(["test strips", "digital", "phosphate"]));
    expect(tags).not.toContain("pump");
  });

  it("keeps the shop's own tags out of a collection's filters (VIP early access)", async () => {
    const tags = await catalog().getCollectionTags("spa-covers");
    expect(tags?.length).toBeGreaterThan(0);
    expect(tags).not.toContain("vip-early-access");
  });

  it("answers null for a collection that does not exist", async () => {
    expect(await catalog().getCollection("no-such-collection")).toBeNull();
    expect(await catalog().getCollection("999")).toBeNull();
    expect(await catalog().getCollectionTags("no-such-collection")).toBeNull();
  });

  it("lists every collection for menus", async () => {
    const collections = await catalog().getCollections();
    expect(collections.map((c) => c.handle)).toEqual(
      expect.arrayContaining(["pumps", "sanitisers-and-chemicals", "courses", "spa-covers"]),
    );
    expect(collections[0]?.image?.url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/_emulators\/storefront\/images\/collections\//,
    );
  });
});

describe("search", () => {
  it("ranks title matches first and ignores case", async () => {
    const results = await catalog().searchProducts("Chlorine");
    expect(results.products.length).toBeGreaterThan(3);
    expect(results.totalCount).toBe(results.products.length);
    expect(results.products[0]?.title).toMatch(/chlorine/i);
    const titleMatches = results.products.findIndex((p) => !/chlorine/i.test(p.title));
    expect(results.products.slice(titleMatches).every((p) => !/chlorine/i.test(p.title))).toBe(
      true,
    );
    const shouted = await catalog().searchProducts("CHLORINE");
    expect(shouted.products).toEqual(results.products);
    expect(results.products[0]).toMatchObject({
      handle: expect.any(String),
      productType: expect.any(String),
      image: { url: expect.stringMatching(/\.svg$/) },
    });
  });

  it("completes the last word, as a shopper types", async () => {
    const results = await catalog().searchProducts("robotic clea");
    expect(results.products.map((p) => p.productType)).toContain("Cleaner");
  });

  it("answers an empty result for a blank query without calling the API", async () => {
    const before = (await stats()).requests;
    expect(await catalog().searchProducts("   ")).toEqual({
      query: "",
      totalCount: 0,
      products: [],
    });
    expect((await stats()).requests).toBe(before);
  });

  it("suggests products, collections and searches for the header search box", async () => {
    const suggestions = await catalog().predictiveSearch("heat");
    expect(suggestions.products.length).toBeGreaterThan(0);
    expect(suggestions.products.length).toBeLessThanOrEqual(6);
    expect(suggestions.products.every((p) => /heat/i.test(`${p.title} ${p.productType}`))).toBe(
      true,
    );
    expect(suggestions.collections.map((c) => c.handle)).toContain("heating");
    expect(suggestions.queries.map((q) => q.text)).toContain("heat pump");
  });
});

describe("failures", () => {
  it("turns a GraphQL error into product §8's message with a 502", async () => {
    await expectStorefrontError(catalog({ fault: "error" }).getProduct("astral-ctx-pool-pump"), {
      message: CATALOG_ERRORS.product,
      status: 502,
    });
  });

  it("answers 503 when the Storefront API throttles or is down", async () => {
    await expectStorefrontError(catalog({ fault: "throttled" }).getCollection("pumps"), {
      message: "Failed to fetch collection",
      status: 503,
    });
    await expectStorefrontError(catalog({ fault: "status:500" }).getCollectionTags("pumps"), {
      message: "Failed to fetch collection tags",
      status: 503,
    });
  });

  it("gives up after the timeout with a 503", async () => {
    const started = performance.now();
    await expectStorefrontError(
      catalog({ fault: "slow:2000", config: { timeoutMs: 150 } }).getProduct(
        "astral-ctx-pool-pump",
      ),
      { message: "Failed to fetch product", status: 503 },
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("fails, with a 502, when no access token is configured", async () => {
    await expectStorefrontError(
      catalog({ config: { publicAccessToken: undefined } }).getCollectionTags("pumps"),
      { message: "Failed to fetch collection tags", status: 502 },
    );
  });

  it("does not cache failures", async () => {
    const shared = createMemoryCache();
    await expect(
      catalog({ fault: "error", cache: shared }).getProduct("hayward-max-flo-xl-pool-pump"),
    ).rejects.toThrow();
    const product = await catalog({ cache: shared }).getProduct("hayward-max-flo-xl-pool-pump");
    expect(product?.vendor).toBe("Hayward");
  });
});
