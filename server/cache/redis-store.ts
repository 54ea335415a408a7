import { Redis } from "ioredis";
import type { CacheLogger } from "../../app/lib/cache";
import { createMemoryStore } from "./memory-store";
import type { RawStore } from "./swr";

export const DEFAULT_KEY_PREFIX = "lagoon:cache:";

// A page waits on the cache; a Redis that is down or hung must cost it at most a few seconds.
const CONNECT_TIMEOUT_MS = 2_000;
const COMMAND_TIMEOUT_MS = 1_000;
const SCAN_BATCH = 500;
/** After a command failed (a hung Redis), how long to use the in-process store before trying again. */
const CIRCUIT_OPEN_MS = 5_000;

/**
 * How long a connection and a command may take before Redis counts as down. The defaults suit a
 * shop; tests of several instances sharing one Redis, all in one busy test process, wait longer
 * so that a stalled event loop is not read as an outage (the outage has tests of its own).
 */
export interface RedisTimeouts {
  connectMs?: number;
  commandMs?: number;
}

/**
 * A store in Redis. `keyPrefix` sets its keys apart (several stores may share one connection:
 * `also` opens another on the same one). With `renewOnReadMs`, reading bytes sets their expiry to
 * that again (GETEX): stored pages last while they are read, not for their whole lifetime.
 *
 * Redis is a cache here, never the only copy of anything: while it cannot be reached (not
 * connected, or a command failed within the last CIRCUIT_OPEN_MS) each store answers from an
 * in-process store of its own at once, instead of every request waiting out a timeout, and
 * ioredis reconnects in the background. Purges made meanwhile are made again in Redis once it is
 * back, so no process serves a page purged during the outage.
 */
export function createRedisStore(options: {
  url: string;
  keyPrefix?: string;
  logger: CacheLogger;
  timeouts?: RedisTimeouts;
}): RawStore & {
  also(keyPrefix: string, options?: { renewOnReadMs?: number }): RawStore;
  /** Whether Redis answers now (not falling back to the process's own store). */
  isUp(): boolean;
} {
  const { url, keyPrefix = DEFAULT_KEY_PREFIX, logger, timeouts = {} } = options;
  // The prefix is applied here rather than with ioredis' keyPrefix, which SCAN ignores.
  const redis = new Redis(url, {
    connectTimeout: timeouts.connectMs ?? CONNECT_TIMEOUT_MS,
    commandTimeout: timeouts.commandMs ?? COMMAND_TIMEOUT_MS,
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
  // Purges made while Redis could not be reached, made again when it is back.
  const missedPurges: (() => Promise<void>)[] = [];
  let openUntil = 0;
  const usable = () => redis.status === "ready" && Date.now() >= openUntil;
  // The first commands wait for the first connection (or its failure): a process that has just
  // started uses Redis from its first request when Redis is there.
  const firstConnection = new Promise<void>((settle) => {
    for (const event of ["ready", "error", "end"]) redis.once(event, () => settle());
  });
  redis.on("ready", () => {
    outageReported = false;
    for (const purge of missedPurges.splice(0)) {
      purge().catch((error: unknown) => {
        logger.warn({ err: error }, "A purge missed during a Redis outage failed again");
      });
    }
  });

  /** A command failed: the process's own store answers for CIRCUIT_OPEN_MS. */
  const trip = (error: unknown, message: string) => {
    openUntil = Date.now() + CIRCUIT_OPEN_MS;
    logger.warn({ err: error }, message);
  };

  function withFallback(primary: RawStore, fallback: RawStore): RawStore {
    const run = async <T>(operation: (store: RawStore) => Promise<T>): Promise<T> => {
      await firstConnection;
      if (!usable()) return operation(fallback);
      try {
        return await operation(primary);
      } catch (error) {
        trip(error, "Redis cache failed; using the in-process cache for now");
        return operation(fallback);
      }
    };
    return {
      get: (key) => run((store) => store.get(key)),
      set: (key, text, expiresInMs) => run((store) => store.set(key, text, expiresInMs)),
      getBytes: (key) => run((store) => store.getBytes(key)),
      setBytes: (key, bytes, expiresInMs) =>
        run((store) => store.setBytes(key, bytes, expiresInMs)),
      delete: (key) => run((store) => store.delete(key)),
      increment: (key, expiresInMs) => run((store) => store.increment(key, expiresInMs)),
      async deleteByPrefix(prefix) {
        await firstConnection;
        await fallback.deleteByPrefix(prefix);
        const inRedis = () => primary.deleteByPrefix(prefix);
        if (!usable()) {
          missedPurges.push(inRedis);
          return;
        }
        await inRedis().catch((error: unknown) => {
          openUntil = Date.now() + CIRCUIT_OPEN_MS;
          missedPurges.push(inRedis);
          logger.warn(
            { err: error },
            "Redis cache failed; the purge is made again when it is back",
          );
        });
      },
      close: () => primary.close(),
    };
  }

  const store = withFallback(storeOn(redis, keyPrefix), createMemoryStore());
  return {
    ...store,
    isUp: usable,
    also: (otherPrefix, { renewOnReadMs } = {}) => ({
      ...withFallback(
        storeOn(redis, otherPrefix, renewOnReadMs),
        createMemoryStore({ renewOnRead: renewOnReadMs !== undefined }),
      ),
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
