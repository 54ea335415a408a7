import { describe, expect, it } from "vitest";
import { requestContextFor } from "../../tests/support/request-context";
import { createLogger, createMemoryCache, readConfig } from "../../tests/support/server-parts";
import { action, loader } from "./api.revalidate";

const KEEP = { ttlSeconds: 60 };

async function call(body: unknown, secret?: string) {
  const cache = createMemoryCache();
  await cache.set("content:news_blog_page:winter-spa-care", { title: "cached" }, KEEP);
  await cache.set("content:shell", { siteName: "cached" }, KEEP);
  await cache.set("storefront:product:pump", { title: "not content" }, KEEP);
  const purges: string[] = [];
  const pages = {
    purgeAll: async () => {
      purges.push("all");
    },
    purgePaths: async (paths: string[]) => {
      purges.push(...paths);
    },
    purgeUnder: async (prefixes: string[]) => {
      purges.push(...prefixes);
    },
  };
  const services = {
    pages,
    config: readConfig({ NODE_ENV: "test", ...(secret ? { PRISMIC_WEBHOOK_SECRET: secret } : {}) }),
    cache,
    logger: createLogger("silent"),
  };
  const request = new Request("http://localhost/api/revalidate", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const args = { request, params: {}, context: requestContextFor(services) };
  const response = await action(args as unknown as Parameters<typeof action>[0]);
  return {
    status: response.status,
    body: await response.json(),
    cacheControl: response.headers.get("Cache-Control"),
    content: await cache.get("content:news_blog_page:winter-spa-care"),
    shell: await cache.get("content:shell"),
    other: await cache.get("storefront:product:pump"),
    purges,
  };
}

describe("POST /api/revalidate (Prismic's webhook)", () => {
  it("clears every cached content read, and nothing else, for the right secret", async () => {
    const result = await call(
      { type: "api-update", secret: "webhook-secret", masterRef: "abc" },
      "webhook-secret",
    );
    expect(result).toMatchObject({
      status: 200,
      body: { revalidated: true },
      cacheControl: "no-store",
    });
    expect(result.content).toBeUndefined();
    expect(result.shell).toBeUndefined();
    expect(result.other).toEqual({ title: "not content" });
    // Published content may show on any page: every stored page goes.
    expect(result.purges).toEqual(["all"]);
  });

  it("refuses a wrong or missing secret and keeps the cache", async () => {
    for (const body of [{ type: "api-update", secret: "guess" }, { type: "api-update" }]) {
      const result = await call(body, "webhook-secret");
      expect(result.status).toBe(401);
      expect(result.content).toEqual({ title: "cached" });
      expect(result.purges).toEqual([]);
    }
  });

  it("refuses a body that is not JSON", async () => {
    const result = await call("secret=webhook-secret", "webhook-secret");
    expect(result.status).toBe(400);
    expect(result.content).toEqual({ title: "cached" });
  });

  it("is off until PRISMIC_WEBHOOK_SECRET is set", async () => {
    const result = await call({ secret: "" });
    expect(result.status).toBe(404);
    expect(result.content).toEqual({ title: "cached" });
  });

  it("answers GET with 405", () => {
    expect(loader().status).toBe(405);
  });
});
