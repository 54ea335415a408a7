import type { Logger } from "pino";
import type { RouterContext } from "react-router";
import type { Cache } from "./cache";
import { type CartLocks, createCartLocks } from "./commerce/cart-lock.server";
import { type Catalog, createCatalog } from "./commerce/catalog.server";
import {
  createStorefrontClient,
  type StorefrontClient,
  type StorefrontConfig,
} from "./commerce/storefront.server";
import type { Config } from "./config";
import { type ContentClient, createContentClient } from "./content/client.server";
import { customerAccountClientSettings } from "./customer/auth.server";
import {
  type CustomerAccountClient,
  createCustomerAccountClient,
} from "./customer/customer-account.server";
import type { CustomerAccountOidcSettings } from "./customer/oidc.server";
import type { DatabaseHandle } from "./database";
import {
  createNewsletterClient,
  mailchimpBaseUrl,
  type NewsletterClient,
} from "./newsletter/newsletter-client.server";
import type { PageCachePurge } from "./page-cache";
import { createExpiringState, type ExpiringState } from "./state/expiring-state.server";

/**
 * The composition root: the one place where the app's clients are built. The server owns the
 * process and its stores (it reads the environment, opens the database and the cache, mounts the
 * emulators) and hands them to `createAppContext`, which it reaches through the server build's
 * entry module — so every class here is the very one the routes import, once per process.
 */
export interface AppStores {
  config: Config;
  logger: Logger;
  cache: Cache;
  database: DatabaseHandle;
  /** The server's full-page cache of anonymous pages, for the webhooks that purge it. */
  pages: PageCachePurge;
}

/** What loaders and actions reach through `context.get(servicesContext)`. */
export interface AppContext extends AppStores {
  content: ContentClient;
  /**
   * A Storefront API client for one request (the buyer's IP goes with a private token); with
   * the request's signal, its calls end when the shopper disconnects.
   */
  storefront(buyerIp?: string, signal?: AbortSignal): StorefrontClient;
  /** `signal`: the shopper's request, so their reads stop when they leave. */
  catalog(buyerIp?: string, signal?: AbortSignal): Catalog;
  customerAccount: CustomerAccountClient;
  /** The email-marketing provider, server-side only: its key never reaches the browser. */
  newsletter: NewsletterClient;
  /** Changes to one cart take turns, across every process on the database (product §4). */
  cartLocks: CartLocks;
  /** Rate limits, sign-ins in progress, webhooks seen: never in a cache (decision 011). */
  state: ExpiringState;
}

export const EMBEDDED_CONTENT_REPOSITORY = "lagoon-demo";
/** The storefront emulator checks that a token is sent, as Shopify does; any value passes. */
const EMBEDDED_STOREFRONT_TOKEN = "lagoon-embedded-storefront-token";

/** The origin the server reaches its own emulators on: loopback, whatever the public URL is. */
export function internalOrigin(config: Pick<Config, "host" | "port">): string {
  const host = ["0.0.0.0", "::", ""].includes(config.host) ? "127.0.0.1" : config.host;
  return `http://${host.includes(":") ? `[${host}]` : host}:${config.port}`;
}

/** Where the server calls its embedded storefront emulator (the Storefront and Admin APIs). */
export function embeddedStorefront(config: Pick<Config, "host" | "port" | "storefront">): string {
  return config.storefront.embeddedEndpoint ?? `${internalOrigin(config)}/_emulators/storefront`;
}

export function storefrontConfig(config: Config): StorefrontConfig {
  return config.storefront.mode === "connected"
    ? {
        storeDomain: config.storefront.storeDomain,
        apiVersion: config.storefront.apiVersion,
        publicAccessToken: config.storefront.publicToken,
        privateAccessToken: config.storefront.privateToken,
      }
    : {
        storeDomain: embeddedStorefront(config),
        apiVersion: config.storefront.apiVersion,
        publicAccessToken: EMBEDDED_STOREFRONT_TOKEN,
      };
}

export function createAppContext(stores: AppStores): AppContext {
  const { config, cache } = stores;
  const content = createContentClient(
    config.content.mode === "connected"
      ? { repositoryName: config.content.repositoryName, accessToken: config.content.accessToken }
      : {
          repositoryName: EMBEDDED_CONTENT_REPOSITORY,
          documentAPIEndpoint: `${internalOrigin(config)}/_emulators/content/api/v2`,
        },
  );
  const storefrontSettings = storefrontConfig(config);
  const storefront = (buyerIp?: string, signal?: AbortSignal) =>
    createStorefrontClient(storefrontSettings, { cache, buyerIp, signal });
  return {
    ...stores,
    content,
    storefront,
    catalog: (buyerIp, signal) => createCatalog(storefront(buyerIp, signal)),
    customerAccount: createCustomerAccountClient(customerAccountClientSettings(config)),
    newsletter: createNewsletterClient({
      baseUrl:
        config.newsletter.mode === "connected"
          ? mailchimpBaseUrl(config.newsletter.apiKey)
          : `${internalOrigin(config)}/_emulators/newsletter/3.0`,
      apiKey: config.newsletter.apiKey,
      audienceId: config.newsletter.audienceId,
    }),
    cartLocks: createCartLocks(stores.database, stores.logger),
    state: createExpiringState(stores.database),
  };
}

/**
 * What the server build's entry module (`app/entry.server.tsx`) offers the server besides
 * rendering: the context factory, and the OAuth client the embedded identity provider must
 * know (its redirect URIs are the app's routes).
 */
/**
 * What the server knows of a request that the app cannot: its nonce, the buyer behind proxies,
 * and the request's id.
 */
export interface ServerRequestValues {
  /** The CSP nonce of this response. */
  nonce: string;
  /** The shopper's IP (behind trusted proxies, TRUST_PROXY), for Storefront and form rate limits. */
  buyerIp?: string;
  /** The request's id, in each of its log lines: the reference an error page shows. */
  requestId?: string;
  /** Called when the loaders are done and the document's render begins (`Server-Timing`). */
  onRenderStart?(): void;
  /** Takes an error of this request to log on its request line (one line per reference). */
  onFault?(error: unknown): void;
}

export interface AppEntry {
  createAppContext(stores: AppStores): AppContext;
  /** What React Router's context holds for one request (request-context.server.ts). */
  requestContextValues(
    services: AppContext,
    values: ServerRequestValues,
  ): Map<RouterContext, unknown>;
  oidcSettings(config: Config): CustomerAccountOidcSettings;
  /** Whether a request carries a cookie that makes its page personal (never shared-cacheable). */
  hasPersonalCookie(cookieHeader: string | undefined): boolean;
  /** Starts the mail outbox's delivery for this process; stopped before the stores close. */
  startMailDelivery(stores: AppStores): { stop(): Promise<void> };
}
