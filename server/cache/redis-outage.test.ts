import type { ChildProcess } from "node:child_process";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort, startOwnRedis, stopOwnRedis } from "../../tests/support/own-services";
import { openSharedCache } from ".";

// A Redis of the test's own (never the machine's), stopped and started again under the cache.

let port: number;
let redisServer: ChildProcess | undefined;
async function startRedis() {
  redisServer = await startOwnRedis(port);
}
async function stopRedis() {
  const stopping = redisServer;
  redisServer = undefined;
  await stopOwnRedis(stopping);
}

beforeAll(async () => {
  port = await freePort();
  await startRedis();
}, 20_000);
afterAll(stopRedis);

describe("the shared cache while Redis is down", () => {
  it("answers at once from the process, keeps working, and catches up on purges when Redis is back", async () => {
    const warnings: string[] = [];
    const logger = { warn: (_details: unknown, message: string) => void warnings.push(message) };
    const url = `redis://127.0.0.1:${port}`;
    const { cache, pageStore } = openSharedCache({ redisUrl: url, keyPrefix: "outage:", logger });
    const raw = new Redis(url, { lazyConnect: true });
    raw.on("error", () => {});
    try {
      await pageStore.setBytes("page:/kept?", Buffer.from("before"), 60_000);
      await cache.set("catalog:pumps", ["pump"], { ttlSeconds: 60 });
      await raw.connect();
      expect(await raw.exists("outage:pages:page:/kept?")).toBe(1);
      raw.disconnect();

      await stopRedis();
      const timings: number[] = [];
      const timed = async <T>(work: Promise<T>) => {
        const started = performance.now();
        const result = await work;
        timings.push(performance.now() - started);
        return result;
      };
      for (let n = 0; n < 20; n++) {
        await timed(cache.set(`during:${n}`, n, { ttlSeconds: 60 }));
        expect(await timed(cache.get(`during:${n}`))).toBe(n);
        expect(await timed(pageStore.getBytes(`page:/missing-${n}?`))).toBeUndefined();
      }
      // A page purged while Redis is down must not come back from Redis afterwards.
      await timed(pageStore.deleteByPrefix("page:/kept?"));
      // The first command may be the one to find the connection gone (at worst its 1 s timeout);
      // every later one is answered by the process at once.
      expect(timings[0]).toBeLessThan(1_500);
      expect(Math.max(...timings.slice(1))).toBeLessThan(50);
      // The operator hears of it (once per outage).
      await vi.waitFor(() => expect(warnings).toContain("Redis cache unavailable"));

      await startRedis();
      await raw.connect();
      await vi.waitFor(async () => expect(await raw.exists("outage:pages:page:/kept?")).toBe(0), {
        timeout: 10_000,
      });
      // Back on Redis: what this process writes, another reads.
      await vi.waitFor(
        async () => {
          await cache.set("after", "back", { ttlSeconds: 60 });
          expect(await raw.exists("outage:after")).toBe(1);
        },
        { timeout: 10_000, interval: 200 },
      );
    } finally {
      raw.disconnect();
      await cache.close();
    }
  }, 60_000);
});
