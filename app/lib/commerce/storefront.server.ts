// The Storefront API client: a thin layer on the app's GraphQL transport rather than
// @shopify/storefront-api-client. That package would give us the URL and headers and little else:
// Lagoon still needs a timeout on every call, caching through the app's shared SWR cache with
// keys it controls, typed operations from our own codegen, and errors the routes can turn into
// the right status (product §8). The transport does the wire; this adds the tokens, the cache and
// the page's status.
import { createHash } from "node:crypto";
import { untilAborted } from "../abort";
import type { Cache, CacheOptions } from "../cache";
import {
  createGraphqlTransport,
  GraphqlRequestError,
  operationNameOf,
} from "../graphql/transport.server";
import type { TypedOperation, VariablesOption } from "../graphql/typed-operation";

export interface StorefrontConfig {
  /** "shop.myshopify.com", or with a scheme for the emulator: "http://127.0.0.1:3000/_emulators/storefront". */
  storeDomain: string;
  apiVersion: string;
  publicAccessToken?: string;
  /** Preferred on the server: rate limits then apply per buyer (with buyerIp), not per server. */
  privateAccessToken?: string;
  timeoutMs?: number;
}

export interface StorefrontDeps {
  cache: Cache;
  fetch?: typeof fetch;
  /** The shopper's IP, forwarded with a private token. */
  buyerIp?: string;
  /**
   * Ends this client's calls when the shopper disconnects (`request.signal`). Cached reads are
   * shared with other shoppers, so they only stop waiting; their one call has the timeout.
   */
  signal?: AbortSignal;
}

export type StorefrontCachePolicy = CacheOptions | "no-store";

export type StorefrontVariables = Record<string, unknown>;

type StorefrontOptions<TVariables> = VariablesOption<NoInfer<TVariables>>;

export interface StorefrontClient {
  readonly apiVersion: string;
  readonly endpoint: string;
  /** Runs a query, through the cache unless the policy is "no-store". Resolves to `data`. */
  query<TData, TVariables extends StorefrontVariables = StorefrontVariables>(
    query: TypedOperation<TData, TVariables>,
    options: StorefrontOptions<TVariables> & { cache: StorefrontCachePolicy },
  ): Promise<TData>;
  /** Runs a mutation; never cached. Resolves to `data`. */
  mutate<TData, TVariables extends StorefrontVariables = StorefrontVariables>(
    mutation: TypedOperation<TData, TVariables>,
    ...options: Record<string, never> extends TVariables
      ? [options?: StorefrontOptions<TVariables>]
      : [options: StorefrontOptions<TVariables>]
  ): Promise<TData>;
}

/** A failed Storefront call, named by its reason; see toStorefrontError for what a page shows. */
export { GraphqlRequestError as StorefrontRequestError };

/**
 * What a route can show: `message` is product §8's text ('Failed to fetch product'), `status` the
 * status the page answers with — 503 when the upstream is slow, throttling or down (worth a
 * retry), 502 when it answered with something unusable.
 */
export class StorefrontError extends Error {
  override readonly name = "StorefrontError";
  readonly status: 502 | 503;

  constructor(message: string, options: { status: 502 | 503; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.status = options.status;
  }
}

/** The app's error for a failed Storefront call, with the page status its reason calls for. */
export function toStorefrontError(error: GraphqlRequestError, message: string): StorefrontError {
  return new StorefrontError(message, { status: error.retryable ? 503 : 502, cause: error });
}

/** Runs Storefront calls whose failure the shopper sees as `message` (product §8). */
export async function failingWith<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof GraphqlRequestError ? toStorefrontError(error, message) : error;
  }
}

export const DEFAULT_TIMEOUT_MS = 5000;

/** Shopify's endpoint; a domain with a scheme keeps it (the emulator runs on plain http). */
export function storefrontEndpoint(storeDomain: string, apiVersion: string): string {
  const origin = storeDomain.includes("://") ? storeDomain : `https://${storeDomain}`;
  return `${origin.replace(/\/+$/, "")}/api/${apiVersion}/graphql.json`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${stableJson(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Every cached Storefront API read starts with this (a catalogue webhook clears them all). */
export const STOREFRONT_CACHE_PREFIX = "storefront:";

export function createStorefrontClient(
  config: StorefrontConfig,
  deps: StorefrontDeps,
): StorefrontClient {
  const headers: Record<string, string> = {};
  if (config.privateAccessToken) {
    headers["Shopify-Storefront-Private-Token"] = config.privateAccessToken;
    if (deps.buyerIp) headers["Shopify-Storefront-Buyer-IP"] = deps.buyerIp;
  } else if (config.publicAccessToken) {
    headers["X-Shopify-Storefront-Access-Token"] = config.publicAccessToken;
  }
  const transport = createGraphqlTransport({
    api: "Storefront API",
    url: storefrontEndpoint(config.storeDomain, config.apiVersion),
    headers,
    timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    fetch: deps.fetch,
  });
  const endpoint = transport.url;

  return {
    apiVersion: config.apiVersion,
    endpoint,
    query(document, options) {
      const { signal } = deps;
      if (options.cache === "no-store") {
        return transport.request(document, { variables: options.variables, signal });
      }
      const run = () => transport.request(document, { variables: options.variables });
      // The query text is in the digest, so a deploy that changes an operation never reads
      // entries cached in its old shape from a shared cache.
      const digest = createHash("sha256")
        .update(`${endpoint}\n${document}\n${stableJson(options.variables ?? {})}`)
        .digest("base64url")
        .slice(0, 32);
      const key = `${STOREFRONT_CACHE_PREFIX}${config.apiVersion}:${operationNameOf(document)}:${digest}`;
      const read = deps.cache.fetch(key, run, options.cache);
      return signal ? untilAborted(read, signal) : read;
    },
    mutate(document, ...[options]) {
      return transport.request(document, { variables: options?.variables, signal: deps.signal });
    },
  };
}
