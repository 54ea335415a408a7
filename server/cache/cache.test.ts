import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { REDIS_TEST_URL, redisAvailable, requireServiceInCi } from "../../tests/support/services";
import { type Cache, createCache, createMemoryCache, createRedisCache } from "./index";

const runId = randomBytes(6).toString("hex");

function silentLogger() {
  return { warn: vi.fn() };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function defineCacheSuite(open: (logger: ReturnType<typeof silentLogger>) => Cache) {
  const logger = silentLogger();
  let cache: Cache;
  beforeAll(() => {
    cache = open(logger);
  });
  afterAll(async () => {
    await cache.deleteByPrefix("");
    await cache.close();
  });

  it("gets, sets and deletes JSON values", async () => {
    const product = { handle: "chlorine-tablets", prices: [19.5, 42], stock: null };
    expect(await cache.get("product:chlorine-tablets")).toBeUndefined();

    await cache.set("product:chlorine-tablets", product, { ttlSeconds: 60 });
    expect(await cache.get("product:chlorine-tablets")).toEqual(product);

    await cache.delete("product:chlorine-tablets");
    expect(await cache.get("product:chlorine-tablets")).toBeUndefined();
  });

  it("hands out values as JSON returns them, frozen, so no caller changes the next one's", async () => {
    const stored = {
      title: "Spa cover",
      updatedAt: new Date("2024-05-01T10:00:00Z"),
      images: [{ url: "/a.jpg" }],
    };
    await cache.set("copy", stored, { ttlSeconds: 60 });

    type Read = { title: string; updatedAt: string; images: { url: string }[] };
    const first = await cache.get<Read>("copy");
    expect(first).toEqual({
      title: "Spa cover",
      updatedAt: "2024-05-01T10:00:00.000Z",
      images: [{ url: "/a.jpg" }],
    });
    expect(() => {
      if (first) first.title = "changed by a caller";
    }).toThrow(TypeError);
    expect(() => first?.images.push({ url: "/b.jpg" })).toThrow(TypeError);
    expect(() => {
      if (first?.images[0]) first.images[0].url = "/c.jpg";
    }).toThrow(TypeError);
    expect(await cache.get("copy")).toEqual(first);
    // What the caller set is not frozen by storing it.
    stored.title = "still the caller's own";
    expect(stored.title).toBe("still the caller's own");
  });

  it("reads a value again once the store holds another for its key", async () => {
    await cache.set("again", { stock: 4 }, { ttlSeconds: 60 });
    expect(await cache.get("again")).toEqual({ stock: 4 });
    await cache.set("again", { stock: 3 }, { ttlSeconds: 60 });
    expect(await cache.get("again")).toEqual({ stock: 3 });
    await cache.delete("again");
    expect(await cache.get("again")).toBeUndefined();
  });

  it("deletes by prefix, taking glob characters literally", async () => {
    const options = { ttlSeconds: 60 };
    await cache.set("content:home", "home", options);
    await cache.set("content:about", "about", options);
    await cache.set("products:pumps", "pumps", options);
    await cache.set("odd*[1]:a", "odd", options);
    await cache.set("oddly", "oddly", options);

    await cache.deleteByPrefix("content:");
    await cache.deleteByPrefix("odd*[");

    expect(await cache.get("content:home")).toBeUndefined();
    expect(await cache.get("content:about")).toBeUndefined();
    expect(await cache.get("odd*[1]:a")).toBeUndefined();
    expect(await cache.get("products:pumps")).toBe("pumps");
    expect(await cache.get("oddly")).toBe("oddly");
  });

  it("expires entries after their ttl, and forgets them after the stale window", async () => {
    await cache.set("short", "soon gone", { ttlSeconds: 0.25 });
    await cache.set("short-swr", "stale", { ttlSeconds: 0.25, swrSeconds: 0.1 });
    expect(await cache.get("short")).toBe("soon gone");

    await sleep(280);
    expect(await cache.get("short")).toBeUndefined();
    // Stale is for fetch only: a plain get reports no fresh value.
    expect(await cache.get("short-swr")).toBeUndefined();

    await sleep(100);
    const fetcher = vi.fn(async () => "fetched again");
    expect(await cache.fetch("short-swr", fetcher, { ttlSeconds: 60 })).toBe("fetched again");
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("serves a fresh hit without calling the fetcher", async () => {
    expect(await cache.fetch("fresh", async () => "first", { ttlSeconds: 60 })).toBe("first");
    const fetcher = vi.fn(async () => "second");
    expect(await cache.fetch("fresh", fetcher, { ttlSeconds: 60 })).toBe("first");
    expect(fetcher).not.toHaveBeenCalled();
  });

  it("serves a stale hit at once and refreshes it in the background", async () => {
    await cache.fetch("stale", async () => "old", { ttlSeconds: 0.1, swrSeconds: 30 });
    await sleep(130);
    // The refreshed value stays fresh long enough to observe, however slow the machine.
    const options = { ttlSeconds: 60, swrSeconds: 30 };

    const refresh = deferred<string>();
    const refresher = vi.fn(() => refresh.promise);
    expect(await cache.fetch("stale", refresher, options)).toBe("old");
    // A second reader during the refresh also gets stale, without a second refresh.
    expect(await cache.fetch("stale", refresher, options)).toBe("old");
    refresh.resolve("new");

    await vi.waitFor(async () => expect(await cache.get("stale")).toBe("new"));
    expect(refresher).toHaveBeenCalledTimes(1);
    const later = vi.fn(async () => "newer");
    expect(await cache.fetch("stale", later, options)).toBe("new");
    expect(later).not.toHaveBeenCalled();
  });

  it("shares one fetch between concurrent misses", async () => {
    const fetcher = vi.fn(async () => {
      await sleep(50);
      return { handle: "sand-filter" };
    });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => cache.fetch("concurrent", fetcher, { ttlSeconds: 60 })),
    );
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(results).toEqual(Array(5).fill({ handle: "sand-filter" }));
  });

  it("keeps a shared fetch going while one caller still waits for it", async () => {
    const answer = deferred<string>();
    let fetchSignal: AbortSignal | undefined;
    const fetcher = vi.fn((signal: AbortSignal) => {
      fetchSignal = signal;
      return answer.promise;
    });
    const leaving = new AbortController();
    const first = cache.fetch("shared-read", fetcher, { ttlSeconds: 60 }, leaving.signal);
    const second = cache.fetch(
      "shared-read",
      fetcher,
      { ttlSeconds: 60 },
      new AbortController().signal,
    );
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    // The shopper who started the read leaves; the one who joined it still gets the answer.
    leaving.abort();
    expect(fetchSignal?.aborted).toBe(false);
    answer.resolve("sand filter");
    expect(await second).toBe("sand filter");
    expect(await first).toBe("sand filter");
  });

  it("aborts a shared fetch once every caller has gone", async () => {
    let fetchSignal: AbortSignal | undefined;
    const fetcher = (signal: AbortSignal) => {
      fetchSignal = signal;
      return new Promise<string>((_, reject) =>
        signal.addEventListener("abort", () => reject(signal.reason)),
      );
    };
    const callers = [new AbortController(), new AbortController()];
    const reads = callers.map((caller) =>
      cache.fetch("abandoned-read", fetcher, { ttlSeconds: 60 }, caller.signal).catch(() => "gone"),
    );
    await vi.waitFor(() => expect(fetchSignal).toBeDefined());
    callers[0]?.abort();
    expect(fetchSignal?.aborted).toBe(false);
    callers[1]?.abort();
    expect(fetchSignal?.aborted).toBe(true);
    expect(await Promise.all(reads)).toEqual(["gone", "gone"]);
  });

  it("does not abort a background refresh when a caller joining it leaves", async () => {
    await cache.fetch("stale-shared", async () => "old", { ttlSeconds: 0.1, swrSeconds: 30 });
    await sleep(130);
    const refresh = deferred<string>();
    let fetchSignal: AbortSignal | undefined;
    const refresher = (signal: AbortSignal) => {
      fetchSignal = signal;
      return refresh.promise;
    };
    const options = { ttlSeconds: 60, swrSeconds: 30 };
    const leaving = new AbortController();
    expect(await cache.fetch("stale-shared", refresher, options, leaving.signal)).toBe("old");
    leaving.abort();
    expect(fetchSignal?.aborted).toBe(false);
    refresh.resolve("new");
    await vi.waitFor(async () => expect(await cache.get("stale-shared")).toBe("new"));
  });

  it("keeps serving stale when the background refresh fails, and says so", async () => {
    const options = { ttlSeconds: 0.1, swrSeconds: 30 };
    await cache.fetch("refresh-fails", async () => "still good", options);
    await sleep(130);
    logger.warn.mockClear();

    const failing = vi.fn(async () => {
      throw new Error("upstream down");
    });
    expect(await cache.fetch("refresh-fails", failing, options)).toBe("still good");
    await vi.waitFor(() =>
      expect(logger.warn).toHaveBeenCalledWith(
        expect.objectContaining({ key: "refresh-fails" }),
        expect.stringMatching(/refresh failed/),
      ),
    );
    expect(await cache.fetch("refresh-fails", failing, options)).toBe("still good");
    await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(2));
  });

  it("throws when the fetch on a miss fails, and tries again next time", async () => {
    const error = new Error("upstream down");
    await expect(
      cache.fetch(
        "miss-fails",
        async () => {
          throw error;
        },
        { ttlSeconds: 60 },
      ),
    ).rejects.toBe(error);
    // A fetcher that throws before returning a promise must not poison the key either.
    const throwsAtOnce = (() => {
      throw error;
    }) as () => Promise<string>;
    await expect(cache.fetch("miss-fails", throwsAtOnce, { ttlSeconds: 60 })).rejects.toBe(error);

    expect(await cache.fetch("miss-fails", async () => "recovered", { ttlSeconds: 60 })).toBe(
      "recovered",
    );
  });

  it("does not cache a value fetched across a delete of its key", async () => {
    const slow = deferred<string>();
    const pending = cache.fetch("invalidated", () => slow.promise, { ttlSeconds: 60 });
    await sleep(20);
    await cache.delete("invalidated");
    slow.resolve("from before the delete");

    expect(await pending).toBe("from before the delete");
    expect(await cache.get("invalidated")).toBeUndefined();
  });

  it("does not cache undefined", async () => {
    expect(await cache.fetch("nothing", async () => undefined, { ttlSeconds: 60 })).toBeUndefined();
    const fetcher = vi.fn(async () => "something");
    expect(await cache.fetch("nothing", fetcher, { ttlSeconds: 60 })).toBe("something");
    await expect(cache.set("nothing", undefined, { ttlSeconds: 60 })).rejects.toThrow(TypeError);
  });

  it("counts in fixed windows, concurrent increments included", async () => {
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => cache.increment("hits", 0.3)),
    );
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await cache.increment("other-hits", 0.3)).toBe(1);
    await sleep(400);
    expect(await cache.increment("hits", 0.3)).toBe(1);
  });

  it("rejects a ttl that is not positive", async () => {
    await expect(cache.set("bad-ttl", 1, { ttlSeconds: 0 })).rejects.toThrow(RangeError);
    await expect(cache.fetch("bad-ttl", async () => 1, { ttlSeconds: Number.NaN })).rejects.toThrow(
      RangeError,
    );
  });
}

describe("memory cache", () => {
  defineCacheSuite((logger) => createMemoryCache({ logger }));

  it("evicts the least recently used entry beyond maxEntries", async () => {
    const cache = createMemoryCache({ maxEntries: 2 });
    await cache.set("a", 1, { ttlSeconds: 60 });
    await cache.set("b", 2, { ttlSeconds: 60 });
    await cache.get("a");
    await cache.set("c", 3, { ttlSeconds: 60 });
    expect(await cache.get("a")).toBe(1);
    expect(await cache.get("b")).toBeUndefined();
    expect(await cache.get("c")).toBe(3);
    await cache.close();
  });

  it("is what createCache gives without a Redis URL", async () => {
    const cache = createCache({});
    await cache.set("k", "v", { ttlSeconds: 60 });
    expect(await cache.get("k")).toBe("v");
    await cache.close();
  });
});

const redis = await redisAvailable();
const runRedis = requireServiceInCi(redis);

describe.runIf(runRedis)("Redis cache", () => {
  const keyPrefix = `lagoon-test:${runId}:`;
  let raw: Redis;
  beforeAll(() => {
    raw = new Redis(REDIS_TEST_URL);
  });
  afterAll(async () => {
    let cursor = "0";
    do {
      const [next, keys] = await raw.scan(cursor, "MATCH", `lagoon-test:${runId}:*`);
      if (keys.length > 0) await raw.del(...keys);
      cursor = next;
    } while (cursor !== "0");
    await raw.quit();
  });

  defineCacheSuite((logger) => createRedisCache({ url: REDIS_TEST_URL, keyPrefix, logger }));

  it("lets Redis expire a key after ttl + swr", async () => {
    const cache = createRedisCache({ url: REDIS_TEST_URL, keyPrefix });
    await cache.set("expiry", "v", { ttlSeconds: 10, swrSeconds: 20 });
    const remaining = await raw.pttl(`${keyPrefix}expiry`);
    expect(remaining).toBeGreaterThan(29_000);
    expect(remaining).toBeLessThanOrEqual(30_000);
    await cache.deleteByPrefix("");
    expect(await raw.exists(`${keyPrefix}expiry`)).toBe(0);
    await cache.close();
  });

  it("reads what another process wrote since, not what it read before", async () => {
    const mine = createRedisCache({ url: REDIS_TEST_URL, keyPrefix });
    const theirs = createRedisCache({ url: REDIS_TEST_URL, keyPrefix });
    await mine.set("shared-stock", { stock: 4 }, { ttlSeconds: 60 });
    expect(await mine.get("shared-stock")).toEqual({ stock: 4 });
    await theirs.set("shared-stock", { stock: 3 }, { ttlSeconds: 60 });
    expect(await mine.get("shared-stock")).toEqual({ stock: 3 });
    await theirs.delete("shared-stock");
    expect(await mine.get("shared-stock")).toBeUndefined();
    await Promise.all([mine.close(), theirs.close()]);
  });

  it("is what createCache gives with a Redis URL", async () => {
    const cache = createCache({ redisUrl: REDIS_TEST_URL });
    const key = `lagoon-test:${runId}:create-cache`;
    await cache.set(key, "shared", { ttlSeconds: 60 });
    expect(await raw.exists(`lagoon:cache:${key}`)).toBe(1);
    await cache.delete(key);
    await cache.close();
  });
});

describe("Redis that cannot be reached", () => {
  it("answers from the process's own store at once, and says so once", async () => {
    const logger = silentLogger();
    const cache = createRedisCache({ url: "redis://127.0.0.1:1", logger });
    try {
      const started = Date.now();
      expect(await cache.get("anything")).toBeUndefined();
      expect(await cache.fetch("anything", async () => "from upstream", { ttlSeconds: 60 })).toBe(
        "from upstream",
      );
      expect(await cache.get("anything")).toBe("from upstream");
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(logger.warn).toHaveBeenCalled();
    } finally {
      await cache.close();
    }
  });
});
