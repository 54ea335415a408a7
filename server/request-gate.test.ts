import { request as httpRequest } from "node:http";
import { fileURLToPath } from "node:url";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorefrontEmulator } from "../emulators/storefront";
import { type LoopbackServer, listenOnLoopback } from "../tests/support/loopback";
import { send } from "../tests/support/raw-http";
import { stubServerBuild } from "../tests/support/stub-build";
import { createApp } from "./app";
import { readConfig } from "./config";
import { openDatabase } from "./db";
import { createDatabaseCartStorage } from "./db/emulator-carts";
import { createLogger } from "./logger";
import { MAX_BODY_BYTES } from "./request-gate";
import type { ServerStores } from "./stores";

// Issue #14's server-level findings, each as the request that used to get through (or a 5xx)
// against the real server (createApp) in front of a small build of resource routes.

const PUBLIC_URL = "https://shop.example";
const MB = 1024 * 1024;

const json = (body: unknown, init?: ResponseInit) => Response.json(body, init);

/** Routes standing in for the app's: they say what they received. */
function stubBuild(): ServerBuild {
  const route = (path: string, module: Record<string, unknown>) => ({ path, module });
  return stubServerBuild({
    cart: route("api/cart", {
      action: async ({ request }: { request: Request }) =>
        json({ fields: [...(await request.formData()).keys()] }),
    }),
    logout: route("account/logout", { action: () => json({ signedOut: true }) }),
    echo: route("echo", {
      action: async ({ request }: { request: Request }) =>
        json({ bytes: (await request.arrayBuffer()).byteLength }),
    }),
    boom: route("boom", {
      loader: () => {
        throw new Error("a fault in a loader");
      },
    }),
    missing: route("*", { loader: () => new Response("missing", { status: 404 }) }),
  });
}

/**
 * Streams `totalBytes` of form data in chunks without Content-Length, as fast as the server
 * takes them, and stops once the answer comes. Resolves with the answer and how much was sent.
 */
function streamChunkedBody(
  origin: string,
  path: string,
  totalBytes: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; sentBytes: number; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const url = new URL(origin);
    let sentBytes = 0;
    let answered = false;
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: "POST",
        path,
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      },
      (res) => {
        answered = true;
        res.resume();
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, sentBytes, ms: Date.now() - started });
        });
      },
    );
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (!answered && sentBytes < totalBytes) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

let server: LoopbackServer;

beforeAll(async () => {
  const config = readConfig({ LAGOON_PUBLIC_URL: PUBLIC_URL, LOG_LEVEL: "silent" });
  const stores = { config, logger: createLogger("silent") } as unknown as ServerStores;
  const app = createApp({ stores, build: stubBuild(), clientDir: "/nonexistent" });
  server = await listenOnLoopback(app);
});

afterAll(async () => {
  await server?.close();
});

const form = (body: string, headers: Record<string, string> = {}) => ({
  method: "POST",
  path: "/api/cart",
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  body,
});

describe("the request gate: body size (finding 5)", () => {
  it("passes a form within the limit to the route, whole", async () => {
    const response = await send(server.origin, form("intent=add&quantity=2"));
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ fields: ["intent", "quantity"] });
    const echo = await send(server.origin, {
      method: "POST",
      path: "/echo",
      headers: { "Content-Type": "application/octet-stream" },
      body: "x".repeat(MAX_BODY_BYTES),
    });
    expect(JSON.parse(echo.body)).toEqual({ bytes: MAX_BODY_BYTES });
  });

  it("answers a declared 50 MB body with 413 before reading it", async () => {
    const response = await send(server.origin, {
      method: "POST",
      path: "/api/cart",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": `${50 * MB}`,
      },
    }).catch((error: unknown) => ({ status: 0, error, headers: {}, body: "" }));
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ status: 413 });
  });

  it("stops a chunked body without Content-Length at the limit, and memory stays flat", async () => {
    const rssBefore = process.memoryUsage().rss;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => streamChunkedBody(server.origin, "/api/cart", 50 * MB)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.ms).toBeLessThan(5_000);
      expect(answer.sentBytes).toBeLessThan(50 * MB);
    }
    // Four 50 MB bodies read in full used to add 200 MB (finding 5: 539 → 1,052 MB for six).
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(60 * MB);
  });

  it("answers an HTML page's oversized post with the spec's error page", async () => {
    const response = await send(server.origin, {
      method: "POST",
      path: "/contact",
      headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
      body: "a".repeat(MAX_BODY_BYTES + 1),
    });
    expect(response.status).toBe(413);
    expect(response.body).toContain("413 - An Error Occured");
    expect(response.body).toContain("Return Home");
  });
});

describe("the request gate: cross-site state changes (finding 7)", () => {
  it("refuses a post from another site's page", async () => {
    for (const path of ["/api/cart", "/account/logout"]) {
      const fromElsewhere = await send(server.origin, {
        ...form("intent=add", { Origin: "http://evil.example" }),
        path,
      });
      expect(fromElsewhere.status, path).toBe(403);
      const crossSite = await send(server.origin, {
        ...form("intent=add", { "Sec-Fetch-Site": "cross-site" }),
        path,
      });
      expect(crossSite.status, path).toBe(403);
    }
  });

  it("lets the shop's own pages, and callers that are not browsers, through", async () => {
    const fromOwnHost = await send(server.origin, form("a=1", { Origin: server.origin }));
    expect(fromOwnHost.status).toBe(200);
    const fromPublicUrl = await send(
      server.origin,
      form("a=1", { Origin: PUBLIC_URL, "Sec-Fetch-Site": "same-origin" }),
    );
    expect(fromPublicUrl.status).toBe(200);
    const withoutOrigin = await send(server.origin, form("a=1"));
    expect(withoutOrigin.status).toBe(200);
    // A page with Referrer-Policy: no-referrer (the emulator's checkout) posts with Origin: null.
    const hiddenOrigin = await send(
      server.origin,
      form("a=1", { Origin: "null", "Sec-Fetch-Site": "same-origin" }),
    );
    expect(hiddenOrigin.status).toBe(200);
    const opaqueOrigin = await send(server.origin, form("a=1", { Origin: "null" }));
    expect(opaqueOrigin.status).toBe(403);
  });
});

describe("the request gate: client mistakes are 4xx, not 5xx (finding 8)", () => {
  it("answers TRACE and made-up methods with 405", async () => {
    for (const method of ["TRACE", "PROPFIND"]) {
      const response = await send(server.origin, { method, path: "/" });
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toContain("GET");
    }
  });

  it("answers a malformed Host with 400", async () => {
    for (const host of ["localhost:99999", "a b"]) {
      const response = await send(server.origin, { path: "/", headers: { Host: host } });
      expect(response.status, host).toBe(400);
      expect(response.body, host).toContain("400 - An Error Occured");
    }
  });

  it("answers malformed percent-encoding with the spec's 400 page", async () => {
    const response = await send(server.origin, {
      path: "/news/%",
      headers: { Accept: "text/html,application/xhtml+xml" },
    });
    expect(response.status).toBe(400);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("<h1>400 - An Error Occured</h1>");
    expect(response.body).not.toContain("Bad Request");
  });

  it("answers an API call's mistake in JSON", async () => {
    const response = await send(server.origin, { path: "/api/cart/%" });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ status: 400 });
  });
});

describe("error pages are private (finding 13)", () => {
  it("marks a 404 for a shopper with a cart private, no-store", async () => {
    const response = await send(server.origin, {
      path: "/no-such-page",
      headers: { Cookie: "lagoon_cart=gid%3A%2F%2Fshopify%2FCart%2Fabc" },
    });
    expect(response.status).toBe(404);
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  it("never lets a cache keep a 5xx", async () => {
    const response = await send(server.origin, { path: "/boom" });
    expect(response.status).toBe(500);
    expect(response.headers["cache-control"]).toContain("no-store");
  });
});

describe("embedded mode without test controls (finding 14)", () => {
  const catalogDir = fileURLToPath(new URL("../demo/catalog", import.meta.url));
  let shop: LoopbackServer;
  let controlled: LoopbackServer;
  const CART_FAULT = { cartId: "gid://shopify/Cart/abc?key=def", fault: "error" };

  let database: Awaited<ReturnType<typeof openDatabase>>;

  beforeAll(async () => {
    // Carts in the database, as embedded mode keeps them: PostgreSQL refuses a NUL in text.
    database = await openDatabase({ dataDir: "memory://" });
    const plain = express();
    shop = await listenOnLoopback(plain);
    plain.use(
      "/_emulators/storefront",
      createStorefrontEmulator({
        catalogDir,
        publicOrigin: shop.origin,
        carts: createDatabaseCartStorage(database.db),
      }),
    );
    const tested = express();
    controlled = await listenOnLoopback(tested);
    tested.use(
      "/_emulators/storefront",
      createStorefrontEmulator({ catalogDir, publicOrigin: controlled.origin, testControls: true }),
    );
  });

  afterAll(async () => {
    await shop?.close();
    await controlled?.close();
    await database?.close();
  });

  const controls = async (origin: string) => [
    (await fetch(`${origin}/_emulators/storefront/_stats`)).status,
    (await fetch(`${origin}/_emulators/storefront/_stats`, { method: "DELETE" })).status,
    (
      await fetch(`${origin}/_emulators/storefront/_faults/cart`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(CART_FAULT),
      })
    ).status,
  ];

  const askForFault = (origin: string) =>
    fetch(`${origin}/_emulators/storefront/api/2026-04/graphql.json?emulator_fault=status:503`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Shopify-Storefront-Access-Token": "t",
        "X-Emulator-Fault": "status:503",
      },
      body: JSON.stringify({ query: "{ shop { name } }" }),
    });

  it("has no test controls unless they are asked for", async () => {
    expect(await controls(shop.origin)).toEqual([404, 404, 404]);
    expect((await askForFault(shop.origin)).status).toBe(200);
  });

  it("has them with testControls, as the test suites set", async () => {
    expect(await controls(controlled.origin)).toEqual([200, 204, 204]);
    expect((await askForFault(controlled.origin)).status).toBe(503);
  });

  it("answers a checkout link that cannot be a cart's with 404, not 500", async () => {
    for (const path of ["/cart/c/%00", "/cart/c/abc?key=%00"]) {
      const response = await fetch(`${shop.origin}/_emulators/storefront${path}`);
      expect(response.status, path).toBe(404);
    }
  });
});
