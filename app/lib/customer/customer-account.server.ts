import { createGraphqlTransport } from "../graphql/transport.server";
import type { TypedOperation, VariablesOption } from "../graphql/typed-operation";

/** The Customer Account API version every operation is written and validated against. */
export const CUSTOMER_ACCOUNT_API_VERSION = "2026-04";

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The GraphQL endpoint below a shop's Customer Account API base: Shopify's
 * `https://shopify.com/<shop-id>` (`SHOPIFY_SHOP_ID`), or the emulator's issuer in embedded mode.
 */
export function customerAccountApiUrl(baseUrl: string, version = CUSTOMER_ACCOUNT_API_VERSION) {
  return `${baseUrl.replace(/\/$/, "")}/account/customer/api/${version}/graphql`;
}

export interface CustomerAccountClientSettings {
  /** Full GraphQL endpoint, see `customerAccountApiUrl`. */
  apiUrl: string;
  timeoutMs?: number;
  /** Sent as `Origin`; Shopify checks it against the app's configured JavaScript origins. */
  origin?: string;
  userAgent?: string;
  fetch?: typeof fetch;
}

export type CustomerAccountRequestOptions<TVariables> = {
  accessToken: string;
  signal?: AbortSignal;
} & VariablesOption<NoInfer<TVariables>>;

export interface CustomerAccountClient {
  /**
   * Resolves to `data`, or rejects with a GraphqlRequestError: reason "unauthorized" when the
   * access token was refused (expired, revoked or not a Customer Account token), `retryable`
   * when the API was unreachable, slow, throttling or down.
   */
  request<TData, TVariables>(
    operation: TypedOperation<TData, TVariables>,
    options: CustomerAccountRequestOptions<TVariables>,
  ): Promise<TData>;
}

/** A small GraphQL client for Shopify's Customer Account API (or its emulator). */
export function createCustomerAccountClient(
  settings: CustomerAccountClientSettings,
): CustomerAccountClient {
  const headers: Record<string, string> = {};
  if (settings.origin) headers.Origin = settings.origin;
  if (settings.userAgent) headers["User-Agent"] = settings.userAgent;
  const transport = createGraphqlTransport({
    api: "Customer Account API",
    url: settings.apiUrl,
    headers,
    timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    fetch: settings.fetch,
  });

  return {
    request: (operation, { accessToken, signal, variables }) =>
      transport.request(operation, {
        variables,
        signal,
        // Shopify expects the bare token, without a "Bearer" prefix.
        headers: { Authorization: accessToken },
      }),
  };
}
