import type { Cache, CacheLogger } from "../../app/lib/cache";
import { createMemoryStore } from "./memory-store";
import { createRedisStore, DEFAULT_KEY_PREFIX, type RedisTimeouts } from "./redis-store";
import { consoleCacheLogger, createSwrCache, type RawStore } from "./swr";

export type { Cache, CacheLogger, CacheOptions } from "../../app/lib/cache";
export type { RawStore } from "./swr";

/** The in-process store: one app process, or tests. */
export function createMemoryCache(
  options: { maxEntries?: number; maxBytes?: number; logger?: CacheLogger } = {},
): Cache {
  return createSwrCache(
    createMemoryStore({ maxEntries: options.maxEntries, maxBytes: options.maxBytes }),
    { logger: options.logger },
  );
}

/** The shared store when several app processes serve one shop. */
export function createRedisCache(options: {
  url: string;
  keyPrefix?: string;
  logger?: CacheLogger;
}): Cache {
  return openSharedCache({ ...options, redisUrl: options.url }).cache;
}

/** An unread stored page goes after an hour, whatever its lifetime (decision 008). */
export const PAGE_IDLE_MS = 60 * 60 * 1000;
const PAGE_KEY_PREFIX = "pages:";

/**
 * The shared cache: Redis when `REDIS_URL` is set, else in memory (ARCHITECTURE: "shared
 * cache"). `cache` keeps JSON values for the app (catalogue and content reads); `pageStore` keeps
 * the server's stored pages (bytes) apart from them, in a store of their own (in memory) or under
 * their own prefix (Redis, same connection), so pages never evict the catalogue. Stored pages
 * last while they are read: an hour after the last read they go (PAGE_IDLE_MS).
 */
export function openSharedCache(options: {
  redisUrl?: string;
  keyPrefix?: string;
  logger?: CacheLogger;
  redisTimeouts?: RedisTimeouts;
}): { cache: Cache; pageStore: RawStore; isUp(): boolean } {
  const logger = options.logger ?? consoleCacheLogger;
  if (options.redisUrl) {
    const keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    const store = createRedisStore({
      url: options.redisUrl,
      keyPrefix,
      logger,
      timeouts: options.redisTimeouts,
    });
    return {
      cache: createSwrCache(store, { logger }),
      pageStore: store.also(`${keyPrefix}${PAGE_KEY_PREFIX}`, { renewOnReadMs: PAGE_IDLE_MS }),
      isUp: store.isUp,
    };
  }
  return {
    cache: createSwrCache(createMemoryStore(), { logger }),
    pageStore: createMemoryStore({ renewOnRead: true }),
    isUp: () => true,
  };
}

export function createCache(options: { redisUrl?: string; logger?: CacheLogger }): Cache {
  return openSharedCache(options).cache;
}
