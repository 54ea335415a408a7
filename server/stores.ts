import path from "node:path";
import type { AppStores } from "../app/lib/context.server";
import { createCache } from "./cache";
import type { Config } from "./config";
import { type DatabaseHandle, openDatabase } from "./db";
import type { Logger } from "./logger";

/** What the server owns and hands to the app: the settings, the logs and the two stores. */
export interface ServerStores extends AppStores {
  database: DatabaseHandle;
}

export async function openStores(config: Config, logger: Logger): Promise<ServerStores> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, "pglite"),
  });
  const cache = createCache({
    redisUrl: config.redisUrl,
    logger: logger.child({ module: "cache" }),
  });
  return { config, logger, cache, database };
}

export async function closeStores(stores: ServerStores): Promise<void> {
  await Promise.allSettled([stores.cache.close(), stores.database.close()]);
}
