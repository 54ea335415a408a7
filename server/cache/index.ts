import type { Cache, CacheLogger } from "../../app/lib/cache";
import { createMemoryStore } from "./memory-store";
import { createRedisStore } from "./redis-store";
import { consoleCacheLogger, createSwrCache } from "./swr";

export type { Cache, CacheLogger, CacheOptions } from "../../app/lib/cache";

/** The in-process store: one app process, or tests. */
export function createMemoryCache(
  options: { maxEntries?: number; logger?: CacheLogger } = {},
): Cache {
  return createSwrCache(createMemoryStore({ maxEntries: options.maxEntries }), {
    logger: options.logger,
  });
}

/** The shared store when several app processes serve one shop. */
export function createRedisCache(options: {
  url: string;
  keyPrefix?: string;
  logger?: CacheLogger;
}): Cache {
  const logger = options.logger ?? consoleCacheLogger;
  return createSwrCache(createRedisStore({ ...options, logger }), { logger });
}

/** Redis when `REDIS_URL` is set, else in memory (ARCHITECTURE: "shared cache"). */
export function createCache(options: { redisUrl?: string; logger?: CacheLogger }): Cache {
  return options.redisUrl
    ? createRedisCache({ url: options.redisUrl, logger: options.logger })
    : createMemoryCache({ logger: options.logger });
}
