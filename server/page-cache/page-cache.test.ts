import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type LoopbackServer, listenOnLoopback } from "../../tests/support/loopback";
import { stubServerBuild } from "../../tests/support/stub-build";
import { createApp } from "../app";
import { createMemoryCache } from "../cache";
import { createMemoryStore } from "../cache/memory-store";
import { readConfig } from "../config";
import { openDatabase } from "../db";
import { preferredEncoding } from "../encoding";
import { createLogger } from "../logger";
import type { ServerStores } from "../stores";
import { createPageCache, NO_PAGE_CACHE } from ".";

// What the page cache keeps and what it never keeps, in front of routes that answer with the
// headers under test; and the build's files served as the build compressed them.

const PUBLIC = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
let renders = 0;
let slowRenders = 0;

function stubBuild(): ServerBuild {
  const page = (headers: Record<string, string>, status = 200) => ({
    loader: () => {
      renders += 1;
      return new Response(`<p>render ${renders}</p>`, {
        status,
        headers: { "Content-Type": "text/html", ...headers },
      });
    },
  });
  const routes: Record<string, Record<string, unknown>> = {
    public: page({ "Cache-Control": PUBLIC }),
    "soon-stale": page({ "Cache-Control": "public, s-maxage=1, stale-while-revalidate=60" }),
    "slow-stale": {
      loader: async () => {
        slowRenders += 1;
        await new Promise((resolve) => setTimeout(resolve, 600));
        return new Response(`<p>slow render ${slowRenders}</p>`, {
          headers: {
            "Content-Type": "text/html",
            "Cache-Control": "public, s-maxage=1, stale-while-revalidate=60",
          },
        });
      },
    },
    "sets-cookie": page({ "Cache-Control": PUBLIC, "Set-Cookie": "visitor=1; Path=/" }),
    private: page({ "Cache-Control": "private, max-age=60" }),
    "no-store": page({ "Cache-Control": "public, s-maxage=300, no-store" }),
    "no-s-maxage": page({ "Cache-Control": "public, max-age=300" }),
    "not-found": page({ "Cache-Control": PUBLIC }, 404),
  };
  return stubServerBuild(
    Object.fromEntries(Object.entries(routes).map(([id, module]) => [id, { module }])),
  );
}

const SCRIPT = "export const greeting = 'hello from a hashed asset';\n".repeat(40);

let server: LoopbackServer;
let stores: ServerStores;
let clientDir: string;
// One store, as processes sharing Redis have; the main server renders build "a".
const sharedStore = createMemoryStore();
let closeDatabase: () => Promise<void>;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), "lagoon-client-"));
  const assets = path.join(clientDir, "assets");
  mkdirSync(assets);
  writeFileSync(path.join(assets, "entry-Ab12.js"), SCRIPT);
  writeFileSync(path.join(assets, "entry-Ab12.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(assets, "entry-Ab12.js.gz"), gzipSync(SCRIPT));
  writeFileSync(path.join(clientDir, "robots-note.txt"), "a public file");

  const config = readConfig({ NODE_ENV: "test", LAGOON_PUBLIC_URL: "http://shop.test" });
  const logger = createLogger("silent");
  const database = await openDatabase({ dataDir: path.join(clientDir, "pglite") });
  closeDatabase = database.close;
  stores = {
    config,
    logger,
    cache: createMemoryCache(),
    database,
    pages: createPageCache({ store: sharedStore, logger, build: "a" }),
  };
  server = await listenOnLoopback(createApp({ stores, build: stubBuild(), clientDir }));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await closeDatabase?.();
});

const get = (target: string, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${target}`, { headers });
const cacheStatus = async (target: string, headers: Record<string, string> = {}) => {
  const response = await get(target, headers);
  return { status: response.headers.get("x-lagoon-cache"), body: await response.text() };
};

describe("the page cache", () => {
  it("keeps a public page for s-maxage and sends it compressed, as stored", async () => {
    const first = await cacheStatus("/public");
    const second = await get("/public", { "accept-encoding": "br" });
    expect(first.status).toBe("MISS");
    expect(second.headers.get("x-lagoon-cache")).toBe("HIT");
    expect(second.headers.get("content-encoding")).toBe("br");
    expect(second.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    expect(await second.text()).toBe(first.body);
    // Marketing parameters and the order of the others make no new page.
    expect((await cacheStatus("/public?utm_source=mail&gclid=1")).status).toBe("HIT");
    expect((await cacheStatus("/public?b=2&a=1")).status).toBe("MISS");
    expect((await cacheStatus("/public?a=1&b=2&utm_medium=x")).status).toBe("HIT");
  });

  it("serves a stale page at once and refreshes it once in the background", async () => {
    const first = await cacheStatus("/soon-stale");
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const rendersBefore = renders;
    const stale = await Promise.all([cacheStatus("/soon-stale"), cacheStatus("/soon-stale")]);
    expect(stale.map((answer) => [answer.status, answer.body])).toEqual([
      ["STALE", first.body],
      ["STALE", first.body],
    ]);
    await vi.waitFor(async () => {
      const fresh = await cacheStatus("/soon-stale");
      expect(fresh.status).toBe("HIT");
      expect(fresh.body).not.toBe(first.body);
    });
    expect(renders).toBe(rendersBefore + 1);
  });

  it("lets one process refresh a stale page while another serves it stale", async () => {
    // A second process of the same build, on the same store (as two share Redis).
    const other = await listenOnLoopback(
      createApp({
        stores: {
          ...stores,
          pages: createPageCache({ store: sharedStore, logger: stores.logger, build: "a" }),
        },
        build: stubBuild(),
        clientDir,
      }),
    );
    try {
      await cacheStatus("/slow-stale");
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const rendersBefore = slowRenders;
      // This process claims the refresh and renders for 600 ms; the other asks 200 ms in.
      expect((await cacheStatus("/slow-stale")).status).toBe("STALE");
      await new Promise((resolve) => setTimeout(resolve, 200));
      const elsewhere = await fetch(`${other.origin}/slow-stale`);
      expect(elsewhere.headers.get("x-lagoon-cache")).toBe("STALE");
      await vi.waitFor(async () => expect((await cacheStatus("/slow-stale")).status).toBe("HIT"));
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(slowRenders).toBe(rendersBefore + 1);
    } finally {
      await other.close();
    }
  });

  it("keeps each build's pages apart: a new build never serves the old one's", async () => {
    await cacheStatus("/public");
    expect((await cacheStatus("/public")).status).toBe("HIT");
    const pages = createPageCache({ store: sharedStore, logger: stores.logger, build: "b" });
    const next = await listenOnLoopback(
      createApp({ stores: { ...stores, pages }, build: stubBuild(), clientDir }),
    );
    try {
      const answer = await fetch(`${next.origin}/public`);
      expect(answer.headers.get("x-lagoon-cache")).toBe("MISS");
    } finally {
      await next.close();
    }
  });

  it("is left out with LAGOON_PAGE_CACHE=off: every page rendered, no X-Lagoon-Cache", async () => {
    await cacheStatus("/public");
    expect((await cacheStatus("/public")).status).toBe("HIT");
    const app = createApp({
      stores: { ...stores, pages: NO_PAGE_CACHE },
      build: stubBuild(),
      clientDir,
    });
    expect(
      NO_PAGE_CACHE.listener(app, { publicOrigin: "http://shop.test", isPersonal: () => false }),
    ).toBe(app);
    const uncached = await listenOnLoopback(app);
    try {
      const answers = [
        await fetch(`${uncached.origin}/public`),
        await fetch(`${uncached.origin}/public`),
      ];
      expect(answers.map((answer) => answer.headers.get("x-lagoon-cache"))).toEqual([null, null]);
      const [first, second] = await Promise.all(answers.map((answer) => answer.text()));
      expect(second).not.toBe(first);
    } finally {
      await uncached.close();
    }
  });

  it("never reads or fills it for a visitor with a personal cookie", async () => {
    await cacheStatus("/public");
    const personal = await cacheStatus("/public", { cookie: "lagoon_cart=abc" });
    expect(personal.status).toBe("BYPASS");
    expect(personal.body).not.toBe((await cacheStatus("/public")).body);
  });

  it.each([
    ["sets a cookie", "/sets-cookie"],
    ["is private", "/private"],
    ["is no-store", "/no-store"],
    ["has no s-maxage", "/no-s-maxage"],
    ["is not a 200", "/not-found"],
  ])("never stores an answer that %s", async (_case, target) => {
    const first = await cacheStatus(target);
    const second = await cacheStatus(target);
    expect([first.status, second.status]).toEqual(["MISS", "MISS"]);
    expect(second.body).not.toBe(first.body);
  });
});

describe("misses admitted per client", () => {
  // Tiny budgets, so a flood is a few requests; clients are told apart by the address a trusted
  // proxy (loopback here) forwards. A miss past this render budget would wait ten seconds, longer
  // than any miss waits, so it is refused.
  const budget = { renders: { burst: 4, perSecond: 0.1 }, stores: { burst: 2, perSecond: 0.1 } };
  let shop: LoopbackServer;
  // The same with a render every 400 ms past the first: misses over it wait their turn.
  let paced: LoopbackServer;
  beforeAll(async () => {
    const shopWith = (missBudget: typeof budget) =>
      listenOnLoopback(
        createApp({
          stores: {
            ...stores,
            pages: createPageCache({ store: createMemoryStore(), logger: stores.logger }),
          },
          build: stubBuild(),
          clientDir,
          missBudget,
        }),
      );
    shop = await shopWith(budget);
    paced = await shopWith({
      renders: { burst: 1, perSecond: 2.5 },
      stores: { burst: 1, perSecond: 2.5 },
    });
  });
  afterAll(async () => {
    await shop?.close();
    await paced?.close();
  });

  const from =
    (client: string, server = () => shop) =>
    async (target: string) => {
      const response = await fetch(`${server().origin}${target}`, {
        headers: { "x-forwarded-for": client },
      });
      const body = await response.text();
      return {
        status: response.status,
        cache: response.headers.get("x-lagoon-cache"),
        retryAfter: response.headers.get("retry-after"),
        body,
      };
    };

  it("stores a flooding client's misses, then renders them unstored, then refuses what would wait too long", async () => {
    const flooder = from("203.0.113.7");
    const answers = [];
    for (let n = 1; n <= 5; n++) answers.push(await flooder(`/public?flood=${n}`));
    expect(answers.map(({ status, cache }) => [status, cache])).toEqual([
      [200, "MISS"],
      [200, "MISS"],
      [200, "MISS"],
      [200, "MISS"],
      [429, null],
    ]);
    expect(answers[4]?.retryAfter).toBe("10");
    expect(answers[4]?.body).toContain("Too many requests");

    // What was stored is served from the cache to everyone, the flooder too.
    expect((await flooder("/public?flood=1")).cache).toBe("HIT");
    const visitor = from("198.51.100.2");
    expect((await visitor("/public?flood=2")).cache).toBe("HIT");
    // What was over the store budget was not stored; another client's miss stores it.
    expect((await visitor("/public?flood=3")).cache).toBe("MISS");
    expect((await visitor("/public?flood=3")).cache).toBe("HIT");
  });

  it("makes a client's misses past its budget wait their turn, up to six at once, and refuses the rest", async () => {
    const browser = from("203.0.113.9", () => paced);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 8 }, async (_, n) => {
        const answer = await browser(`/public?paced=${n}`);
        return { ...answer, ms: performance.now() - started };
      }),
    );
    const rendered = answers.filter(({ status }) => status === 200);
    expect(rendered.map(({ cache }) => cache)).toEqual(Array(7).fill("MISS"));
    // The first without a wait, then one every 400 ms: the last of the six that waited, 2.4 s on.
    expect(Math.max(...rendered.map(({ ms }) => ms))).toBeGreaterThanOrEqual(2_350);
    const refused = answers.filter(({ status }) => status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.retryAfter).toBe("3");
  });

  it("leaves the server's own answers out: an open page asks /build-version however often", async () => {
    const tab = from("203.0.113.8");
    const answers = [];
    for (let n = 0; n < 8; n++) answers.push(await tab("/build-version"));
    expect(answers.map(({ status, cache }) => [status, cache])).toEqual(
      Array.from({ length: 8 }, () => [200, null]),
    );
  });
});

describe("the encoding of a stored page", () => {
  it.each([
    [undefined, "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip;q=0.8", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["*", "br"],
    ["*;q=0, identity", "identity"],
    ["deflate", "identity"],
  ])("Accept-Encoding %s gets %s", (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
  });

  it("is refused to a malformed Host even when the page is stored", async () => {
    await cacheStatus("/public");
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(server.origin);
      request(
        { host: url.hostname, port: url.port, path: "/public", headers: { host: "a b" } },
        (answer) => {
          answer.resume();
          resolve(answer.statusCode ?? 0);
        },
      )
        .on("error", reject)
        .end();
    });
    expect(status).toBe(400);
  });
});

describe("the build's files", () => {
  it("are sent precompressed, with the encoding the browser takes", async () => {
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
      ["identity", null],
    ] as const) {
      const response = await get("/assets/entry-Ab12.js", { "accept-encoding": accept });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect(await response.text()).toBe(SCRIPT);
    }
    const sizes = await Promise.all(
      ["br", "gzip"].map(async (encoding) => {
        const raw = await fetch(`${server.origin}/assets/entry-Ab12.js`, {
          headers: { "accept-encoding": encoding },
        });
        return Number(raw.headers.get("content-length"));
      }),
    );
    expect(sizes).toEqual([brotliCompressSync(SCRIPT).length, gzipSync(SCRIPT).length]);
  });

  it("answer a public file, and leave an unknown asset to a 404 without a page render", async () => {
    const note = await get("/robots-note.txt");
    expect(note.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await note.text()).toBe("a public file");
    const before = renders;
    expect((await get("/assets/entry-Old9.js")).status).toBe(404);
    expect(renders).toBe(before);
  });
});
