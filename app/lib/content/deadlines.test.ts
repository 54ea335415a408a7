// Issue #14, finding 1: a 429 from the content service hung every content page forever, and the
// client went on retrying after the shopper had left. Finding 11: a content outage took the
// catalogue down with it, because every page's shell came from the content service.
import { afterAll, describe, expect, it, vi } from "vitest";
import type { ContentFault } from "../../../emulators/content";
import { startContentShop } from "../../../tests/support/content-shop";
import { createMemoryCache } from "../../../tests/support/server-parts";
import { createReadClient } from "./client.server";
import { loadNewsList } from "./pages.server";
import { contentReader, PAGE_CONTENT_DEADLINE_MS } from "./reader.server";
import { BUILT_IN_SHELL, loadShell, loadShellOrFallback } from "./shell.server";

const shops: { close(): Promise<void> }[] = [];

afterAll(() => Promise.all(shops.map((shop) => shop.close())));

/** The content emulator with `faults`, counting every call the app makes to it. */
async function startShop(faults?: ContentFault[]) {
  let calls = 0;
  const shop = await startContentShop({
    faults,
    observe: (app) =>
      app.use((_request, _response, next) => {
        calls++;
        next();
      }),
  });
  shops.push(shop);
  const request = (signal?: AbortSignal) => new Request(`${shop.origin}/news`, { signal });
  return { ...shop, request, calls: () => calls };
}

/** What the read settled with, and after how many milliseconds. */
async function settle(work: Promise<unknown>) {
  const started = Date.now();
  const outcome = await work.then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error: error as { init?: { status?: number } } }),
  );
  return { ...outcome, ms: Date.now() - started };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Upstream calls made during `ms` from now. */
async function callsDuring(shop: { calls(): number }, ms: number) {
  const before = shop.calls();
  await pause(ms);
  return shop.calls() - before;
}

describe("a content read has one deadline", () => {
  it("a 429 storm ends in the error page (503) within the deadline, and the calls stop", async () => {
    const shop = await startShop([{ status: 429, retryAfterSeconds: 0 }]);
    const read = await settle(loadNewsList(contentReader(shop.request(), shop.services), 1));
    expect(read.error?.init?.status).toBe(503);
    expect(read.ms).toBeGreaterThanOrEqual(PAGE_CONTENT_DEADLINE_MS - 100);
    expect(read.ms).toBeLessThan(6000);
    expect(shop.calls()).toBeGreaterThan(2);
    expect(await callsDuring(shop, 2000)).toBe(0);
  }, 15_000);

  it("a Retry-After longer than the deadline is not waited out", async () => {
    const shop = await startShop([{ status: 429, retryAfterSeconds: 3600 }]);
    const read = await settle(loadNewsList(contentReader(shop.request(), shop.services), 1));
    expect(read.error?.init?.status).toBe(503);
    expect(read.ms).toBeLessThan(6000);
  }, 15_000);

  it("a short 429 is waited out and the page still renders", async () => {
    const shop = await startShop([{ status: 429, retryAfterSeconds: 1, times: 2 }]);
    const read = await settle(loadNewsList(contentReader(shop.request(), shop.services), 1));
    expect(read.error).toBeUndefined();
    expect(read.value).toMatchObject({ page: 1 });
  }, 15_000);

  it("a hanging content service is answered within the deadline", async () => {
    const shop = await startShop([{ status: 200, delayMs: 20_000 }]);
    const read = await settle(loadNewsList(contentReader(shop.request(), shop.services), 1));
    expect(read.error?.init?.status).toBe(503);
    expect(read.ms).toBeLessThan(6000);
  }, 15_000);

  it("a shopper who leaves a read another shopper joined does not end it for them", async () => {
    const shop = await startShop([
      { status: 200, delayMs: 800, documentTypes: ["news_blog_page"] },
    ]);
    const leaving = new AbortController();
    const first = settle(
      loadNewsList(contentReader(shop.request(leaving.signal), shop.services), 1),
    );
    await pause(200);
    const second = settle(loadNewsList(contentReader(shop.request(), shop.services), 1));
    await pause(100);
    leaving.abort();
    expect((await first).error?.init?.status).toBe(503);
    const joined = await second;
    expect(joined.error).toBeUndefined();
    expect(joined.value).toMatchObject({ page: 1 });
  }, 15_000);

  it("a shopper who disconnects stops the calls at once", async () => {
    const shop = await startShop([{ status: 429, retryAfterSeconds: 0 }]);
    const shopper = new AbortController();
    const reading = settle(
      loadNewsList(contentReader(shop.request(shopper.signal), shop.services), 1),
    );
    await pause(300);
    shopper.abort();
    const read = await reading;
    expect(read.error?.init?.status).toBe(503);
    expect(read.ms).toBeLessThan(1000);
    await pause(100);
    expect(await callsDuring(shop, 1500)).toBe(0);
  }, 15_000);

  it("serves the cached copy, stale or not, when the content service fails", async () => {
    const healthy = await startShop();
    const first = await loadNewsList(contentReader(healthy.request(), healthy.services), 1);
    const failing = await startShop([{ status: 429, retryAfterSeconds: 0 }]);
    const services = { ...failing.services, cache: healthy.services.cache };
    const read = await settle(loadNewsList(contentReader(failing.request(), services), 1));
    expect(read.value).toEqual(first);
  });
});

// In this order: the process keeps the last shell it read.
describe("the shell of every page", () => {
  const logger = { warn: () => {} };

  it("is the built-in one when the content service fails and nothing was read yet", async () => {
    const shop = await startShop([{ status: 500 }]);
    const deadline = AbortSignal.timeout(PAGE_CONTENT_DEADLINE_MS);
    const client = () => createReadClient(shop.services.content, deadline);
    const shell = await loadShellOrFallback(client, shop.services.cache, deadline, logger);
    expect(shell).toEqual(BUILT_IN_SHELL);
  });

  it("is the built-in one within the deadline during a 429 storm", async () => {
    const shop = await startShop([{ status: 429, retryAfterSeconds: 0 }]);
    const deadline = AbortSignal.timeout(PAGE_CONTENT_DEADLINE_MS);
    const client = () => createReadClient(shop.services.content, deadline);
    const read = await settle(loadShellOrFallback(client, shop.services.cache, deadline, logger));
    expect(read.value).toEqual(BUILT_IN_SHELL);
    expect(read.ms).toBeLessThan(6000);
  }, 15_000);

  it("is the last good copy once the content service fails, even with an empty cache", async () => {
    const healthy = await startShop();
    const deadline = AbortSignal.timeout(PAGE_CONTENT_DEADLINE_MS);
    const good = await loadShellOrFallback(
      () => createReadClient(healthy.services.content, deadline),
      healthy.services.cache,
      deadline,
      logger,
    );
    expect(good.navigation.length).toBeGreaterThan(BUILT_IN_SHELL.navigation.length);
    const failing = await startShop([{ status: 500 }]);
    const shell = await loadShellOrFallback(
      () => createReadClient(failing.services.content, deadline),
      createMemoryCache(),
      deadline,
      logger,
    );
    expect(shell).toEqual(good);
  });
});

describe("a shell the cache holds", () => {
  it("is served without making a content client", async () => {
    const shop = await startShop();
    const deadline = AbortSignal.timeout(PAGE_CONTENT_DEADLINE_MS);
    const read = await loadShell(
      () => createReadClient(shop.services.content, deadline),
      shop.services.cache,
    );
    const noClient = () => {
      throw new Error("the shell was in the cache: no client was needed");
    };
    expect(await loadShell(noClient, shop.services.cache)).toEqual(read);
    const warn = vi.fn();
    expect(await loadShellOrFallback(noClient, shop.services.cache, deadline, { warn })).toEqual(
      read,
    );
    expect(warn).not.toHaveBeenCalled();
  });
});
