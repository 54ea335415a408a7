import path from "node:path";
import type { AppStores } from "../app/lib/context.server";
import { openSharedCache } from "./cache";
import type { ServerConfig } from "./config";
import { type DatabaseHandle, openDatabase } from "./db";
import type { Logger } from "./logger";
import { createPageCache, NO_PAGE_CACHE, type PageCache } from "./page-cache";

/**
 * What the server owns and hands to the app: the settings, the logs, the two stores, and the
 * full-page cache kept in the shared one (the app's webhooks purge it), or none with
 * LAGOON_PAGE_CACHE=off.
 */
export interface ServerStores extends AppStores {
  config: ServerConfig;
  database: DatabaseHandle;
  pages: PageCache;
  /** Whether the shared cache's Redis answers (always, without Redis). */
  sharedCacheUp?(): boolean;
}

/** `build`: the app build's version, which the page cache keeps its pages under. */
export async function openStores(
  config: ServerConfig,
  logger: Logger,
  build?: string,
): Promise<ServerStores> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, "pglite"),
  });
  const cacheLogger = logger.child({ module: "cache" });
  const { cache, pageStore, isUp } = openSharedCache({
    redisUrl: config.redisUrl,
    logger: cacheLogger,
  });
  const pages = config.pageCache
    ? createPageCache({ store: pageStore, logger: cacheLogger, build })
    : NO_PAGE_CACHE;
  return { config, logger, cache, database, pages, sharedCacheUp: isUp };
}

export async function closeStores(stores: ServerStores): Promise<void> {
  await Promise.allSettled([stores.cache.close(), stores.database.close()]);
}
