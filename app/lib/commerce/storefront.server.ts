// The Storefront API client: one small fetch wrapper rather than @shopify/storefront-api-client.
// That package would give us the URL and headers and little else: Lagoon still needs a timeout on
// every call, caching through the app's shared SWR cache with keys it controls, typed operations
// from our own codegen, and errors the routes can turn into the right status (SPEC §8). Doing
// those on top of its client would be more code than the ~100 lines of fetch below, plus a
// dependency to keep in step with API versions.
import { createHash } from "node:crypto";
import type { Cache, CacheOptions } from "../cache";

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
}

export type StorefrontCachePolicy = CacheOptions | "no-store";

export type StorefrontVariables = Record<string, unknown>;

export interface StorefrontClient {
  readonly apiVersion: string;
  readonly endpoint: string;
  /** Runs a query, through the cache unless the policy is "no-store". Resolves to `data`. */
  query<TData, TVariables extends StorefrontVariables = StorefrontVariables>(
    query: string,
    options: { variables?: TVariables; cache: StorefrontCachePolicy },
  ): Promise<TData>;
  /** Runs a mutation; never cached. Resolves to `data`. */
  mutate<TData, TVariables extends StorefrontVariables = StorefrontVariables>(
    mutation: string,
    options?: { variables?: TVariables },
  ): Promise<TData>;
}

export interface StorefrontGraphqlError {
  message: string;
  extensions?: { code?: string; [key: string]: unknown };
  path?: (string | number)[];
}

/** Why a call failed: the caller decides what the shopper sees (see toStorefrontError). */
export type StorefrontFailure =
  | "timeout"
  | "network"
  | "throttled"
  | "http"
  | "graphql"
  | "invalid-response";

export class StorefrontRequestError extends Error {
  override readonly name = "StorefrontRequestError";
  readonly reason: StorefrontFailure;
  readonly operationName: string;
  /** The upstream HTTP status, when there was a response. */
  readonly upstreamStatus?: number;
  readonly graphqlErrors: StorefrontGraphqlError[];

  constructor(
    reason: StorefrontFailure,
    message: string,
    details: {
      operationName: string;
      upstreamStatus?: number;
      graphqlErrors?: StorefrontGraphqlError[];
      cause?: unknown;
    },
  ) {
    super(`Storefront ${details.operationName}: ${message}`, { cause: details.cause });
    this.reason = reason;
    this.operationName = details.operationName;
    this.upstreamStatus = details.upstreamStatus;
    this.graphqlErrors = details.graphqlErrors ?? [];
  }
}

/**
 * What a route can show: `message` is SPEC §8's text ('Failed to fetch product'), `status` the
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
export function toStorefrontError(error: StorefrontRequestError, message: string): StorefrontError {
  const upstreamDown =
    error.reason === "timeout" ||
    error.reason === "network" ||
    error.reason === "throttled" ||
    (error.reason === "http" && (error.upstreamStatus ?? 500) >= 500);
  return new StorefrontError(message, { status: upstreamDown ? 503 : 502, cause: error });
}

export const DEFAULT_TIMEOUT_MS = 5000;

/** Shopify's endpoint; a domain with a scheme keeps it (the emulator runs on plain http). */
export function storefrontEndpoint(storeDomain: string, apiVersion: string): string {
  const origin = storeDomain.includes("://") ? storeDomain : `https://${storeDomain}`;
  return `${origin.replace(/\/+$/, "")}/api/${apiVersion}/graphql.json`;
}

export function operationNameOf(document: string): string {
  return /\b(?:query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(document)?.[1] ?? "anonymous";
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

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

export function createStorefrontClient(
  config: StorefrontConfig,
  deps: StorefrontDeps,
): StorefrontClient {
  const endpoint = storefrontEndpoint(config.storeDomain, config.apiVersion);
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const send = deps.fetch ?? fetch;

  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json",
  };
  if (config.privateAccessToken) {
    headers["Shopify-Storefront-Private-Token"] = config.privateAccessToken;
    if (deps.buyerIp) headers["Shopify-Storefront-Buyer-IP"] = deps.buyerIp;
  } else if (config.publicAccessToken) {
    headers["X-Shopify-Storefront-Access-Token"] = config.publicAccessToken;
  }

  async function request<TData>(document: string, variables: StorefrontVariables | undefined) {
    const operationName = operationNameOf(document);
    const fail = (
      reason: StorefrontFailure,
      message: string,
      details: Omit<ConstructorParameters<typeof StorefrontRequestError>[2], "operationName"> = {},
    ) => new StorefrontRequestError(reason, message, { operationName, ...details });

    let response: Response;
    let text: string;
    try {
      response = await send(endpoint, {
        method: "POST",
        headers,
        body: JSON.stringify({ query: document, variables: variables ?? {}, operationName }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw isTimeout(error)
        ? fail("timeout", `no answer within ${timeoutMs} ms`, { cause: error })
        : fail("network", error instanceof Error ? error.message : String(error), {
            cause: error,
          });
    }

    // 430 is Shopify's "security rejection" for traffic it considers abusive.
    if (response.status === 429 || response.status === 430) {
      throw fail("throttled", `HTTP ${response.status}`, { upstreamStatus: response.status });
    }
    if (!response.ok) {
      throw fail("http", `HTTP ${response.status}`, { upstreamStatus: response.status });
    }
    let body: { data?: TData | null; errors?: unknown };
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw fail("invalid-response", "the response is not JSON", {
        upstreamStatus: response.status,
        cause: error,
      });
    }
    if (body.errors) {
      const graphqlErrors: StorefrontGraphqlError[] = Array.isArray(body.errors)
        ? body.errors
        : [{ message: String(body.errors) }];
      const throttled = graphqlErrors.some((error) => error.extensions?.code === "THROTTLED");
      throw fail(
        throttled ? "throttled" : "graphql",
        graphqlErrors.map((error) => error.message).join("; "),
        { upstreamStatus: response.status, graphqlErrors },
      );
    }
    if (!body.data) {
      throw fail("invalid-response", "the response has no data", {
        upstreamStatus: response.status,
      });
    }
    return body.data;
  }

  return {
    apiVersion: config.apiVersion,
    endpoint,
    query<TData, TVariables extends StorefrontVariables>(
      document: string,
      options: { variables?: TVariables; cache: StorefrontCachePolicy },
    ): Promise<TData> {
      if (options.cache === "no-store") return request<TData>(document, options.variables);
      // The query text is in the digest, so a deploy that changes an operation never reads
      // entries cached in its old shape from a shared cache.
      const digest = createHash("sha256")
        .update(`${endpoint}\n${document}\n${stableJson(options.variables ?? {})}`)
        .digest("base64url")
        .slice(0, 32);
      const key = `storefront:${config.apiVersion}:${operationNameOf(document)}:${digest}`;
      return deps.cache.fetch(
        key,
        () => request<TData>(document, options.variables),
        options.cache,
      );
    },
    mutate<TData, TVariables extends StorefrontVariables>(
      document: string,
      options: { variables?: TVariables } = {},
    ): Promise<TData> {
      return request<TData>(document, options.variables);
    },
  };
}
