import { Redis } from "ioredis";
import type { CacheLogger } from "../../app/lib/cache";
import type { RawStore } from "./swr";

export const DEFAULT_KEY_PREFIX = "lagoon:cache:";

// A page waits on the cache; a Redis that is down or hung must cost it at most a few seconds.
const CONNECT_TIMEOUT_MS = 2_000;
const COMMAND_TIMEOUT_MS = 1_000;
const SCAN_BATCH = 500;

/**
 * A store in Redis. `keyPrefix` sets its keys apart (several stores may share one connection:
 * `also` opens another on the same one). With `renewOnReadMs`, reading bytes sets their expiry to
 * that again (GETEX): stored pages last while they are read, not for their whole lifetime.
 */
export function createRedisStore(options: {
  url: string;
  keyPrefix?: string;
  logger: CacheLogger;
}): RawStore & { also(keyPrefix: string, options?: { renewOnReadMs?: number }): RawStore } {
  const { url, keyPrefix = DEFAULT_KEY_PREFIX, logger } = options;
  // The prefix is applied here rather than with ioredis' keyPrefix, which SCAN ignores.
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });

  // ioredis reports every failed reconnect; one warning per outage is enough.
  let outageReported = false;
  redis.on("error", (error: Error) => {
    if (outageReported) return;
    outageReported = true;
    logger.warn({ err: error, url: redactPassword(url) }, "Redis cache unavailable");
  });
  redis.on("ready", () => {
    outageReported = false;
  });

  const store = storeOn(redis, keyPrefix);
  return {
    ...store,
    also: (otherPrefix, { renewOnReadMs } = {}) => ({
      ...storeOn(redis, otherPrefix, renewOnReadMs),
      // The connection is the first store's to close.
      close: async () => {},
    }),
  };
}

function storeOn(redis: Redis, keyPrefix: string, renewOnReadMs?: number): RawStore {
  return {
    async get(key) {
      return (await redis.get(keyPrefix + key)) ?? undefined;
    },
    async set(key, text, expiresInMs) {
      await redis.set(keyPrefix + key, text, "PX", Math.max(1, Math.ceil(expiresInMs)));
    },
    async getBytes(key) {
      const bytes = renewOnReadMs
        ? await redis.getexBuffer(keyPrefix + key, "PX", renewOnReadMs)
        : await redis.getBuffer(keyPrefix + key);
      return bytes ?? undefined;
    },
    async setBytes(key, bytes, expiresInMs) {
      await redis.set(keyPrefix + key, bytes, "PX", Math.max(1, Math.ceil(expiresInMs)));
    },
    async delete(key) {
      await redis.unlink(keyPrefix + key);
    },
    async deleteByPrefix(prefix) {
      const match = `${escapeGlob(keyPrefix + prefix)}*`;
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", match, "COUNT", SCAN_BATCH);
        if (keys.length > 0) await redis.unlink(...keys);
        cursor = next;
      } while (cursor !== "0");
    },
    async increment(key, expiresInMs) {
      // INCR and the expiry of a new counter in one transaction: NX leaves a running window alone.
      const results = await redis
        .multi()
        .incr(keyPrefix + key)
        .pexpire(keyPrefix + key, Math.max(1, Math.ceil(expiresInMs)), "NX")
        .exec();
      const [error, count] = results?.[0] ?? [new Error("Redis transaction aborted"), null];
      if (error) throw error;
      return Number(count);
    },
    async close() {
      if (redis.status === "ready") {
        await redis.quit().catch(() => redis.disconnect());
      } else {
        redis.disconnect();
      }
    },
  };
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}

function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable REDIS_URL)";
  }
}
