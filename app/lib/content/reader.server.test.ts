import { afterAll, describe, expect, it } from "vitest";
import type { ContentFault } from "../../../emulators/content";
import { startContentShop } from "../../../tests/support/content-shop";
import { readConfig } from "../../../tests/support/server-parts";
import { PREVIEW_PAGE_CACHE, PUBLIC_PAGE_CACHE } from "../http-cache";
import { loadNewsArticle, loadNewsList, NEWS_PAGE_SIZE } from "./pages.server";
import { contentReader } from "./reader.server";
import { loadSitemapEntries } from "./sitemap.server";

const shops: { close(): Promise<void> }[] = [];

afterAll(() => Promise.all(shops.map((shop) => shop.close())));

/** The content emulator over the demo content, counting its searches, and a visitor's request. */
async function startShop(faults?: ContentFault[], timeoutMs?: number) {
  let searches = 0;
  const shop = await startContentShop({
    faults,
    timeoutMs,
    observe: (app) =>
      app.use((request, _response, next) => {
        if (request.path.endsWith("/documents/search")) searches++;
        next();
      }),
  });
  shops.push(shop);
  const request = (cookie?: string) =>
    new Request(`${shop.origin}/news/winter-spa-care`, {
      headers: cookie ? { Cookie: cookie } : {},
    });
  return { origin: shop.origin, services: shop.services, request, searches: () => searches };
}

async function previewToken(origin: string, documentId: string) {
  const response = await fetch(`${origin}/_emulators/content/preview?documentId=${documentId}`, {
    redirect: "manual",
  });
  return new URL(response.headers.get("location") ?? "").searchParams.get("token") ?? "";
}

/** What a loader throws: React Router's `data()` or `redirect()` result. */
async function thrown(work: Promise<unknown>) {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeDefined();
  return error as { init?: { status?: number }; status?: number; headers?: Headers };
}

describe("content reads for anonymous visitors", () => {
  it("are cached: a second read does not reach the content service", async () => {
    const shop = await startShop();
    const reader = contentReader(shop.request(), shop.services);
    expect(reader.preview).toBeNull();
    expect(reader.cacheControl).toBe(PUBLIC_PAGE_CACHE);
    const first = await loadNewsArticle(reader, "winter-spa-care");
    expect(first?.title).toBe("Keep your spa water balanced through winter");
    const before = shop.searches();
    const again = await loadNewsArticle(
      contentReader(shop.request(), shop.services),
      "winter-spa-care",
    );
    expect(again).toEqual(first);
    expect(shop.searches()).toBe(before);
  });

  it("list news newest first, a page at a time, and page through everything for the sitemap", async () => {
    const shop = await startShop();
    const reader = contentReader(shop.request(), shop.services);
    const first = await loadNewsList(reader, 1);
    const second = await loadNewsList(reader, 2);
    expect(first?.articles).toHaveLength(NEWS_PAGE_SIZE);
    expect(first?.totalPages).toBe(2);
    const dates = [...(first?.articles ?? []), ...(second?.articles ?? [])].map((a) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates).toHaveLength(6);
    expect(await loadNewsList(reader, 3)).toBeNull();

    const entries = await loadSitemapEntries(shop.services.content);
    const paths = entries.map((entry) => entry.path);
    expect(paths).toContain("/news/winter-spa-care");
    expect(paths).not.toContain("/news/robot-cleaners-compared");
    expect(paths).not.toContain("/thank-you/enquiry");
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe("content reads in a preview", () => {
  it("show the drafts, are never cached and say so", async () => {
    const shop = await startShop();
    const published = await loadNewsArticle(
      contentReader(shop.request(), shop.services),
      "winter-spa-care",
    );
    const token = await previewToken(shop.origin, published?.id ?? "");
    const reader = contentReader(shop.request(`io.prismic.preview=${token}`), shop.services);
    expect(reader.preview).toEqual({ toolbar: null });
    expect(reader.cacheControl).toBe(PREVIEW_PAGE_CACHE);
    const draft = await loadNewsArticle(reader, "winter-spa-care");
    expect(draft?.title).toBe("Winter spa care: seven habits for clear water");
    const before = shop.searches();
    await loadNewsArticle(reader, "winter-spa-care");
    expect(shop.searches()).toBeGreaterThan(before);
    // The shared cache still holds the published article for everyone else.
    const anonymous = await loadNewsArticle(
      contentReader(shop.request(), shop.services),
      "winter-spa-care",
    );
    expect(anonymous?.title).toBe(published?.title);
  });

  it("with an ended session go back to the published page and drop the cookie", async () => {
    const shop = await startShop();
    const cookie = `io.prismic.preview=${shop.origin}/_emulators/content/previews/ended`;
    const error = await thrown(
      loadNewsArticle(contentReader(shop.request(cookie), shop.services), "winter-spa-care"),
    );
    expect(error).toBeInstanceOf(Response);
    const response = error as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/news/winter-spa-care");
    expect(response.headers.get("Set-Cookie")).toMatch(
      /^io\.prismic\.preview=; Path=\/; Max-Age=0/,
    );
  });
});

describe("a preview against a connected repository", () => {
  it("loads Prismic's toolbar for that repository", async () => {
    const shop = await startShop();
    const services = {
      ...shop.services,
      config: readConfig({ NODE_ENV: "test", PRISMIC_REPOSITORY: "coral-bay" }),
    };
    const cookie = "io.prismic.preview=https://coral-bay.prismic.io/previews/abc:def";
    expect(contentReader(shop.request(cookie), services).preview).toEqual({
      toolbar: {
        repositoryName: "coral-bay",
        src: "https://static.cdn.prismic.io/prismic.js?new=true&repo=coral-bay",
      },
    });
    expect(contentReader(shop.request(), services).preview).toBeNull();
  });
});

describe("when the content service struggles", () => {
  it("waits out a 429 with Retry-After and still answers", async () => {
    const shop = await startShop([{ status: 429, retryAfterSeconds: 1, times: 1 }]);
    const started = Date.now();
    const article = await loadNewsArticle(
      contentReader(shop.request(), shop.services),
      "heat-pumps-explained",
    );
    expect(article?.title).toBe("How a heat pump warms your pool");
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("answers 503 when it fails, and serves again once it recovers", async () => {
    const shop = await startShop([{ status: 500, times: 1 }]);
    const error = await thrown(
      loadNewsArticle(contentReader(shop.request(), shop.services), "heat-pumps-explained"),
    );
    expect(error.init?.status).toBe(503);
    const article = await loadNewsArticle(
      contentReader(shop.request(), shop.services),
      "heat-pumps-explained",
    );
    expect(article?.uid).toBe("heat-pumps-explained");
  });

  it("answers 503 when it times out, without waiting for it", async () => {
    const shop = await startShop(
      [{ status: 200, delayMs: 2_000, documentTypes: ["news_blog_page"] }],
      300,
    );
    const started = Date.now();
    const error = await thrown(
      loadNewsArticle(contentReader(shop.request(), shop.services), "heat-pumps-explained"),
    );
    expect(error.init?.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
