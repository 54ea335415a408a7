import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionSkuDate } from "../../tests/support/course-sessions";
import { type LoopbackServer, listenOnLoopback } from "../../tests/support/loopback";
import { loadCatalog } from "./catalog";
import { createStorefrontEmulator } from "./index";

const catalogDir = fileURLToPath(new URL("../../demo/catalog", import.meta.url));
const MOUNT = "/_emulators/storefront";

let server: LoopbackServer;
let origin: string;
let endpoint: string;

beforeAll(async () => {
  const app = express();
  server = await listenOnLoopback(app);
  origin = server.origin;
  app.use(
    MOUNT,
    createStorefrontEmulator({ catalogDir, publicOrigin: origin, testControls: true }),
  );
  endpoint = `${origin}${MOUNT}/api/2026-04/graphql.json`;
});

afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: responses are inspected ad hoc
type Json = any;

async function graphql(
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json; headers: Headers }> {
  const response = await fetch(endpoint, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Storefront-Access-Token": "demo-token",
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

async function data(query: string, variables: Record<string, unknown> = {}): Promise<Json> {
  const { status, body } = await graphql(query, variables);
  expect(status).toBe(200);
  expect(body.errors).toBeUndefined();
  return body.data;
}

const COLLECTION_PAGE = `
  query Page($handle: String!, $first: Int, $after: String, $sortKey: ProductCollectionSortKeys,
              $reverse: Boolean, $filters: [ProductFilter!]) {
    collection(handle: $handle) {
      title
      products(first: $first, after: $after, sortKey: $sortKey, reverse: $reverse, filters: $filters) {
        nodes { handle title createdAt availableForSale tags priceRange { minVariantPrice { amount } } }
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }
  }`;

describe("demo catalogue", () => {
  it("has at least 60 products in the shop's collections, with the variety the shop needs", () => {
    const catalog = loadCatalog(catalogDir);
    expect(catalog.products.length).toBeGreaterThanOrEqual(60);
    expect(catalog.collections.map((c) => c.handle)).toEqual(
      expect.arrayContaining([
        "pumps",
        "filters",
        "sanitisers-and-chemicals",
        "test-kits",
        "cleaning",
        "heating",
        "spa-covers",
        "commercial-equipment",
        "courses",
      ]),
    );
    const types = new Set(catalog.products.map((p) => p.productType));
    for (const type of ["Pump", "Filter", "Chemical", "Test Kit", "Cleaner", "Heater"]) {
      expect(types).toContain(type);
    }
    for (const type of ["Spa Cover", "commercial", "Online Course", "Local Course"]) {
      expect(types).toContain(type);
    }
    const stock = (p: (typeof catalog.products)[number]) =>
      p.variants.reduce((sum, v) => sum + (v.inventory ?? 1), 0);
    expect(catalog.products.some((p) => stock(p) === 0)).toBe(true);
    expect(catalog.products.some((p) => stock(p) > 0 && stock(p) <= 3)).toBe(true);
    expect(catalog.products.some((p) => p.variants.some((v) => v.compareAtPrice))).toBe(true);
    expect(catalog.products.some((p) => p.metafields.request_a_quote)).toBe(true);
    expect(catalog.products.some((p) => p.metafields.quantity_ticker)).toBe(true);
    expect(catalog.products.some((p) => p.metafields.downloads?.length)).toBe(true);
    expect(new Set(catalog.products.map((p) => p.createdAt.slice(0, 7))).size).toBeGreaterThan(12);
  });

  it("gives each course session a SKU that names the session's date", () => {
    const sessions = loadCatalog(catalogDir)
      .products.filter((product) => product.productType === "Local Course")
      .flatMap((product) => product.variants);
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) {
      const [date = ""] = session.options;
      expect(session.sku, date).toMatch(new RegExp(`-${sessionSkuDate(date)}$`));
    }
  });

  it("refuses a catalogue that does not hold together", () => {
    const broken = mkdtempSync(join(tmpdir(), "lagoon-catalog-"));
    cpSync(catalogDir, broken, { recursive: true });
    const file = join(broken, "products", "01-pumps.json");
    const products = JSON.parse(readFileSync(file, "utf8"));
    products[0].collections = ["no-such-collection"];
    products[1].variants[0].options = ["9 kW"];
    writeFileSync(file, JSON.stringify(products));
    expect(() => loadCatalog(broken)).toThrow(/unknown collection no-such-collection/);
    expect(() => loadCatalog(broken)).toThrow(/unknown option value 9 kW/);
  });
});

describe("Storefront API emulator", () => {
  it("answers 401 like Shopify when no access token is sent", async () => {
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ query: "{ shop { name } }" }),
    });
    expect(response.status).toBe(401);
    expect((await response.json()).errors[0].extensions.code).toBe("UNAUTHORIZED");
  });

  it("accepts a private token, GET requests and reports the API version", async () => {
    const url = new URL(endpoint);
    url.searchParams.set("query", "query Shop { shop { name } }");
    const response = await fetch(url, { headers: { "Shopify-Storefront-Private-Token": "t" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Shopify-API-Version")).toBe("2026-04");
    expect(await response.json()).toEqual({ data: { shop: { name: "Coral Bay Pool & Spa" } } });
  });

  it("validates operations against Shopify's schema", async () => {
    const { status, body } = await graphql('{ product(handle: "x") { notAField } }');
    expect(status).toBe(200);
    expect(body.errors[0].message).toMatch(/Cannot query field "notAField" on type "Product"/);
  });

  it("finds a product by handle, by id and through node/nodes", async () => {
    const byHandle = await data(
      `query($handle: String!) { product(handle: $handle) { id title vendor } }`,
      { handle: "davey-silensorpro-sls-pool-pump" },
    );
    expect(byHandle.product).toMatchObject({
      title: "Davey SilensorPro SLS Pool Pump",
      vendor: "Davey",
    });
    const { id } = byHandle.product;
    const byId = await data(
      `query($id: ID!) { product(id: $id) { handle } node(id: $id) { id ... on Product { title } }
        nodes(ids: [$id, "gid://shopify/Product/1"]) { id } }`,
      { id },
    );
    expect(byId.product.handle).toBe("davey-silensorpro-sls-pool-pump");
    expect(byId.node).toEqual({ id, title: "Davey SilensorPro SLS Pool Pump" });
    expect(byId.nodes).toEqual([{ id }, null]);
    expect((await data(`{ product(handle: "no-such-product") { id } }`)).product).toBeNull();
  });

  it("pages connections with first/after and last/before", async () => {
    const query = `query($first: Int, $after: String, $last: Int, $before: String) {
      product(handle: "made-to-measure-spa-cover") {
        variants(first: $first, after: $after, last: $last, before: $before) {
          nodes { title } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        }
      }
    }`;
    const first = (await data(query, { first: 100 })).product.variants;
    expect(first.nodes).toHaveLength(100);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const rest = (await data(query, { first: 100, after: first.pageInfo.endCursor })).product
      .variants;
    expect(rest.nodes).toHaveLength(20);
    expect(rest.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const before = (await data(query, { last: 2, before: rest.pageInfo.startCursor })).product
      .variants;
    expect(before.nodes.map((n: Json) => n.title)).toEqual(
      first.nodes.slice(-2).map((n: Json) => n.title),
    );

    const { body } = await graphql(`{ products { nodes { id } } }`);
    expect(body.errors[0].message).toMatch(/first or last/);
    const tooMany = await graphql(`{ products(first: 251) { nodes { id } } }`);
    expect(tooMany.body.errors[0].message).toMatch(/250/);
  });

  it("sorts and filters a collection's products as Shopify does", async () => {
    const page = async (variables: Record<string, unknown>) =>
      (await data(COLLECTION_PAGE, { handle: "pumps", first: 50, ...variables })).collection
        .products.nodes as Json[];

    const byPrice = (await page({ sortKey: "PRICE" })).map((p) =>
      Number(p.priceRange.minVariantPrice.amount),
    );
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    const newest = (await page({ sortKey: "CREATED", reverse: true })).map((p) => p.createdAt);
    expect(newest).toEqual([...newest].sort().reverse());
    const titles = (await page({ sortKey: "TITLE" })).map((p) => p.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));

    const variableSpeed = await page({ filters: [{ tag: "Variable Speed" }] });
    expect(variableSpeed.length).toBeGreaterThan(1);
    expect(variableSpeed.every((p) => p.tags.includes("variable speed"))).toBe(true);
    // Values of one filter are ORed, different filters ANDed.
    const spaOrQuiet = await page({ filters: [{ tag: "spa" }, { tag: "quiet" }] });
    expect(spaOrQuiet.every((p) => p.tags.includes("spa") || p.tags.includes("quiet"))).toBe(true);
    expect(spaOrQuiet.some((p) => !p.tags.includes("spa"))).toBe(true);
    const inStockVariableSpeed = await page({
      filters: [{ tag: "variable speed" }, { available: true }],
    });
    expect(inStockVariableSpeed.length).toBeLessThan(variableSpeed.length);
    expect(inStockVariableSpeed.every((p) => p.availableForSale)).toBe(true);
  });

  it("pages a collection 16 at a time to the end", async () => {
    const first = (await data(COLLECTION_PAGE, { handle: "pool-equipment", first: 16 })).collection
      .products;
    expect(first.nodes).toHaveLength(16);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (
      await data(COLLECTION_PAGE, {
        handle: "pool-equipment",
        first: 16,
        after: first.pageInfo.endCursor,
      })
    ).collection.products;
    expect(second.pageInfo.hasNextPage).toBe(false);
    const handles = [...first.nodes, ...second.nodes].map((p: Json) => p.handle);
    expect(new Set(handles).size).toBe(handles.length);
    expect(handles).toContain("davey-silensorpro-sls-pool-pump");
  });

  it("searches case-insensitively, ranking title over tags over description", async () => {
    const query = `query($q: String!) { search(query: $q, first: 100, types: [PRODUCT]) {
      totalCount nodes { ... on Product { title tags productType description } } } }`;
    const lower = (await data(query, { q: "chlorine" })).search;
    const upper = (await data(query, { q: "CHLORINE" })).search;
    expect(upper).toEqual(lower);
    const where = (p: Json) =>
      /chlorine/i.test(p.title) ? 0 : p.tags.some((t: string) => /chlorine/i.test(t)) ? 1 : 2;
    const ranks = lower.nodes.map(where);
    expect(ranks).toEqual([...ranks].sort());
    expect(new Set(ranks)).toEqual(new Set([0, 1, 2]));
    expect(lower.totalCount).toBe(lower.nodes.length);

    const twoWords = (await data(query, { q: "davey pump" })).search.nodes as Json[];
    expect(twoWords.length).toBeGreaterThan(0);
    expect(twoWords.every((p) => /davey/i.test(p.title))).toBe(true);
    expect((await data(query, { q: "zzzz" })).search.nodes).toEqual([]);
  });

  it("suggests products, collections and queries while typing", async () => {
    const { predictiveSearch } = await data(
      `{ predictiveSearch(query: "Chlo", limit: 4, limitScope: EACH) {
          products { title } collections { title } queries { text styledText } } }`,
    );
    expect(predictiveSearch.products.length).toBeGreaterThan(0);
    expect(predictiveSearch.products.length).toBeLessThanOrEqual(4);
    expect(predictiveSearch.products.every((p: Json) => /chlo/i.test(p.title))).toBe(true);
    expect(predictiveSearch.queries).toContainEqual({
      text: "chlorine",
      styledText: "<mark>chlo</mark>rine",
    });
    const collections = await data(
      `{ predictiveSearch(query: "spa cov") { collections { title } } }`,
    );
    expect(collections.predictiveSearch.collections).toEqual([{ title: "Spa Covers" }]);
  });

  it("answers metafields by identifier, file references and fields it does not model", async () => {
    const { product } = await data(`{
      product(handle: "lo-chlor-starver-phosphate-remover") {
        metafields(identifiers: [
          { namespace: "custom", key: "quantity_ticker" },
          { namespace: "custom", key: "request_a_quote" },
          { namespace: "custom", key: "downloads" }
        ]) { key value type references(first: 10) { nodes { ... on GenericFile { url mimeType originalFileSize } } } }
        media(first: 5) { nodes { id } pageInfo { hasNextPage } }
        sellingPlanGroups(first: 5) { nodes { name } }
        variants(first: 1) { nodes { metafield(namespace: "custom", key: "x") { value } unitPrice { amount } } }
      }
      cart(id: "gid://shopify/Cart/1") { id }
    }`);
    const [ticker, quote, downloads] = product.metafields;
    expect(ticker).toMatchObject({ key: "quantity_ticker", value: "true", references: null });
    expect(quote).toBeNull();
    expect(downloads.type).toBe("list.file_reference");
    const [file] = downloads.references.nodes;
    expect(file.url).toBe(`${origin}${MOUNT}/files/lo-chlor-starver-sds.pdf`);
    expect(file.mimeType).toBe("application/pdf");

    const pdf = await fetch(file.url);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(bytes.byteLength).toBe(file.originalFileSize);
    const text = bytes.toString("latin1");
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    // Every xref entry points at the object it names, so readers can open the file.
    const xrefAt = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    const offsets = text.slice(xrefAt).match(/^\d{10} 00000 n $/gm) ?? [];
    expect(offsets.length).toBeGreaterThan(3);
    offsets.forEach((entry, index) => {
      expect(text.slice(Number(entry.slice(0, 10))).startsWith(`${index + 1} 0 obj`)).toBe(true);
    });

    expect(product.media).toEqual({ nodes: [], pageInfo: { hasNextPage: false } });
    expect(product.sellingPlanGroups.nodes).toEqual([]);
    expect(product.variants.nodes[0]).toEqual({ metafield: null, unitPrice: null });
  });

  it("serves a distinct generated image for every product image", async () => {
    const { product } = await data(
      `{ product(handle: "zodiac-alpha-iq-robotic-pool-cleaner") { images(first: 5) { nodes { url width } } } }`,
    );
    const urls: string[] = product.images.nodes.map((image: Json) => image.url);
    expect(urls[0]).toBe(
      `${origin}${MOUNT}/images/products/zodiac-alpha-iq-robotic-pool-cleaner/1.svg`,
    );
    const bodies = await Promise.all(
      urls.map(async (url) => {
        const response = await fetch(url);
        expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
        return response.text();
      }),
    );
    expect(new Set(bodies).size).toBe(urls.length);
    expect(bodies[0]).toMatch(
      /^<svg [^>]*aria-label="Zodiac Alpha iQ Robotic Pool Cleaner – front"/,
    );
    expect(
      (await fetch(`${origin}${MOUNT}/images/products/zodiac-alpha-iq-robotic-pool-cleaner/9.svg`))
        .status,
    ).toBe(404);
  });

  it("injects faults on request and counts requests by operation", async () => {
    const before = await (await fetch(`${origin}${MOUNT}/_stats`)).json();

    const failed = await graphql(
      "query Shop { shop { name } }",
      {},
      { "X-Emulator-Fault": "error" },
    );
    expect(failed.status).toBe(200);
    expect(failed.body.errors[0].extensions.code).toBe("INTERNAL_SERVER_ERROR");
    expect(failed.body.data).toBeUndefined();

    const throttled = await graphql(
      "query Shop { shop { name } }",
      {},
      { "X-Emulator-Fault": "throttled" },
    );
    expect(throttled.body.errors[0]).toMatchObject({
      message: "Throttled",
      extensions: { code: "THROTTLED" },
    });

    const down = await fetch(`${endpoint}?emulator_fault=status:503`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Storefront-Access-Token": "t" },
      body: JSON.stringify({ query: "query Shop { shop { name } }" }),
    });
    expect(down.status).toBe(503);

    const started = performance.now();
    const slow = await graphql(
      "query Shop { shop { name } }",
      {},
      { "X-Emulator-Fault": "slow:150" },
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(slow.body.data.shop.name).toBe("Coral Bay Pool & Spa");

    const after = await (await fetch(`${origin}${MOUNT}/_stats`)).json();
    expect(after.requests - before.requests).toBe(4);
    expect(after.byOperation.Shop - (before.byOperation.Shop ?? 0)).toBe(4);
  });
});
