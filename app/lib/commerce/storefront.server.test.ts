import type { IncomingHttpHeaders, Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryCache } from "../../../tests/support/server-parts";
import {
  createStorefrontClient,
  failingWith,
  StorefrontError,
  StorefrontRequestError,
  storefrontEndpoint,
  toStorefrontError,
} from "./storefront.server";

// The client's side of the wire, against a stand-in that records what it receives and answers
// whatever a test asks for.

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: { query: string; variables: Record<string, unknown>; operationName: string };
}

let server: Server;
let origin: string;
const received: Received[] = [];
let answer: { status: number; body: string } = { status: 200, body: "{}" };

beforeAll(async () => {
  const app = express();
  app.post("/shop/api/:version/graphql.json", express.json(), (request, response) => {
    received.push({ path: request.path, headers: request.headers, body: request.body });
    response.status(answer.status).type("application/json").send(answer.body);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const QUERY = "#graphql\n query ShopName($id: ID) { shop { name } }";

function client(
  config: { publicAccessToken?: string; privateAccessToken?: string } = {},
  buyerIp?: string,
) {
  return createStorefrontClient(
    { storeDomain: `${origin}/shop`, apiVersion: "2026-04", ...config },
    { cache: createMemoryCache(), buyerIp },
  );
}

describe("storefrontEndpoint", () => {
  it("uses https for a shop domain and keeps an explicit scheme", () => {
    expect(storefrontEndpoint("coral-bay.myshopify.com", "2026-04")).toBe(
      "https://coral-bay.myshopify.com/api/2026-04/graphql.json",
    );
    expect(storefrontEndpoint("http://127.0.0.1:3000/_emulators/storefront/", "2026-04")).toBe(
      "http://127.0.0.1:3000/_emulators/storefront/api/2026-04/graphql.json",
    );
  });
});

describe("createStorefrontClient", () => {
  it("posts the operation with its name and the public token", async () => {
    answer = { status: 200, body: JSON.stringify({ data: { shop: { name: "Coral Bay" } } }) };
    const data = await client({ publicAccessToken: "public-token" }).query(QUERY, {
      variables: { id: "1" },
      cache: "no-store",
    });
    expect(data).toEqual({ shop: { name: "Coral Bay" } });
    const request = received.at(-1);
    expect(request?.path).toBe("/shop/api/2026-04/graphql.json");
    expect(request?.headers["x-shopify-storefront-access-token"]).toBe("public-token");
    expect(request?.headers["shopify-storefront-private-token"]).toBeUndefined();
    expect(request?.body).toEqual({
      query: QUERY,
      variables: { id: "1" },
      operationName: "ShopName",
    });
  });

  it("prefers the private token and forwards the buyer's IP with it", async () => {
    answer = { status: 200, body: JSON.stringify({ data: { shop: { name: "Coral Bay" } } }) };
    await client(
      { publicAccessToken: "public", privateAccessToken: "private" },
      "203.0.113.7",
    ).mutate(QUERY);
    const headers = received.at(-1)?.headers;
    expect(headers?.["shopify-storefront-private-token"]).toBe("private");
    expect(headers?.["shopify-storefront-buyer-ip"]).toBe("203.0.113.7");
    expect(headers?.["x-shopify-storefront-access-token"]).toBeUndefined();
  });
});

describe("toStorefrontError", () => {
  it("answers 503 for failures worth retrying and 502 for unusable answers", () => {
    const error = (reason: StorefrontRequestError["reason"], upstreamStatus?: number) =>
      toStorefrontError(
        new StorefrontRequestError(reason, "x", { operationName: "Op", upstreamStatus }),
        "Failed to fetch product",
      );
    expect(error("timeout")).toBeInstanceOf(StorefrontError);
    expect(error("timeout").message).toBe("Failed to fetch product");
    expect(error("timeout").status).toBe(503);
    expect(error("network").status).toBe(503);
    expect(error("throttled", 200).status).toBe(503);
    expect(error("http", 502).status).toBe(503);
    expect(error("unauthorized", 401).status).toBe(502);
    expect(error("http", 400).status).toBe(502);
    expect(error("graphql", 200).status).toBe(502);
    expect(error("invalid-response", 200).status).toBe(502);
  });
});

describe("failingWith", () => {
  it("shows a failed Storefront call as the page's message and lets other errors through", async () => {
    answer = { status: 503, body: "" };
    const failed = await failingWith("Failed to fetch product", () => client().mutate(QUERY)).catch(
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(StorefrontError);
    expect(failed).toMatchObject({ message: "Failed to fetch product", status: 503 });
    expect((failed as StorefrontError).cause).toBeInstanceOf(StorefrontRequestError);

    const bug = new TypeError("x is undefined");
    await expect(failingWith("Failed to fetch product", () => Promise.reject(bug))).rejects.toBe(
      bug,
    );
  });
});

describe("a Storefront client for one request", () => {
  /** A Storefront API that never answers, and notes which calls were cancelled. */
  function hangingApi() {
    const calls: { cancelled: boolean }[] = [];
    const fetch: typeof globalThis.fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        const call = { cancelled: false };
        calls.push(call);
        init?.signal?.addEventListener("abort", () => {
          call.cancelled = true;
          reject(init.signal?.reason);
        });
      });
    return { fetch, calls };
  }

  function requestClient(fetch: typeof globalThis.fetch, signal: AbortSignal) {
    return createStorefrontClient(
      { storeDomain: `${origin}/shop`, apiVersion: "2026-04", timeoutMs: 60_000 },
      { cache: createMemoryCache(), fetch, signal },
    );
  }

  it("cancels its uncached calls when the shopper disconnects", async () => {
    const api = hangingApi();
    const shopper = new AbortController();
    const query = requestClient(api.fetch, shopper.signal).query(QUERY, { cache: "no-store" });
    shopper.abort();
    await expect(query).rejects.toThrow();
    expect(api.calls).toEqual([{ cancelled: true }]);
  });

  it("stops waiting for a cached read when the shopper disconnects", async () => {
    const api = hangingApi();
    const shopper = new AbortController();
    const query = requestClient(api.fetch, shopper.signal).query(QUERY, {
      cache: { ttlSeconds: 60 },
    });
    shopper.abort();
    await expect(query).rejects.toThrow();
  });
});
