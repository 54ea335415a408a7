import type { Cache, CacheLogger } from "../../app/lib/cache";
import { createMemoryStore } from "./memory-store";
import { createRedisStore } from "./redis-store";
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

/**
 * The shared cache: Redis when `REDIS_URL` is set, else in memory (ARCHITECTURE: "shared
 * cache"). `cache` keeps JSON values for the app; `store` is the same store's raw side, for the
 * server's stored pages (bytes) on the same connection.
 */
export function openSharedCache(options: {
  redisUrl?: string;
  keyPrefix?: string;
  logger?: CacheLogger;
}): { cache: Cache; store: RawStore } {
  const logger = options.logger ?? consoleCacheLogger;
  const store = options.redisUrl
    ? createRedisStore({ url: options.redisUrl, keyPrefix: options.keyPrefix, logger })
    : createMemoryStore();
  return { cache: createSwrCache(store, { logger }), store };
}

export function createCache(options: { redisUrl?: string; logger?: CacheLogger }): Cache {
  return openSharedCache(options).cache;
}
