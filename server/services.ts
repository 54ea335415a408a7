import path from "node:path";
import { type Catalog, createCatalog } from "../app/lib/commerce/catalog.server";
import {
  createStorefrontClient,
  type StorefrontClient,
  type StorefrontConfig,
} from "../app/lib/commerce/storefront.server";
import { type ContentClient, createContentClient } from "../app/lib/content/client.server";
import { type Cache, createCache } from "./cache";
import type { Config } from "./config";
import { type DatabaseHandle, openDatabase } from "./db";
import type { Logger } from "./logger";

/** What loaders and actions reach through `context.services`. */
export interface AppServices {
  config: Config;
  logger: Logger;
  cache: Cache;
  database: DatabaseHandle;
  content: ContentClient;
  /** A Storefront API client for one request (the buyer's IP goes with a private token). */
  storefront(buyerIp?: string): StorefrontClient;
  catalog(buyerIp?: string): Catalog;
}

/** The origin the server reaches its own emulators on: loopback, whatever the public URL is. */
export function internalOrigin(config: Config): string {
  const host = ["0.0.0.0", "::", ""].includes(config.host) ? "127.0.0.1" : config.host;
  return `http://${host.includes(":") ? `[${host}]` : host}:${config.port}`;
}

export const EMBEDDED_CONTENT_REPOSITORY = "lagoon-demo";
/** The storefront emulator checks that a token is sent, as Shopify does; any value passes. */
const EMBEDDED_STOREFRONT_TOKEN = "lagoon-embedded-storefront-token";

export function storefrontConfig(config: Config): StorefrontConfig {
  return config.storefront.mode === "connected"
    ? {
        storeDomain: config.storefront.storeDomain,
        apiVersion: config.storefront.apiVersion,
        publicAccessToken: config.storefront.publicToken,
        privateAccessToken: config.storefront.privateToken,
      }
    : {
        storeDomain: `${internalOrigin(config)}/_emulators/storefront`,
        apiVersion: config.storefront.apiVersion,
        publicAccessToken: EMBEDDED_STOREFRONT_TOKEN,
      };
}

export async function createServices(config: Config, logger: Logger): Promise<AppServices> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, "pglite"),
  });
  const cache = createCache({
    redisUrl: config.redisUrl,
    logger: logger.child({ module: "cache" }),
  });
  const content = createContentClient(
    config.content.mode === "connected"
      ? { repositoryName: config.content.repositoryName, accessToken: config.content.accessToken }
      : {
          repositoryName: EMBEDDED_CONTENT_REPOSITORY,
          documentAPIEndpoint: `${internalOrigin(config)}/_emulators/content/api/v2`,
        },
  );
  const storefrontSettings = storefrontConfig(config);
  const storefront = (buyerIp?: string) =>
    createStorefrontClient(storefrontSettings, { cache, buyerIp });
  return {
    config,
    logger,
    cache,
    database,
    content,
    storefront,
    catalog: (buyerIp) => createCatalog(storefront(buyerIp)),
  };
}

export async function closeServices(services: AppServices): Promise<void> {
  await Promise.allSettled([services.cache.close(), services.database.close()]);
}
