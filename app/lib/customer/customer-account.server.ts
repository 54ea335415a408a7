import { z } from "zod";
import type { CustomerAccountOperation } from "./operations/typed-operation";

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
}

/** The access token was refused (expired, revoked or not a Customer Account token). */
export class CustomerAccountUnauthorizedError extends Error {
  override name = "CustomerAccountUnauthorizedError";
}

/** Network failure, timeout, throttling or a 5xx: worth retrying later. */
export class CustomerAccountUnavailableError extends Error {
  override name = "CustomerAccountUnavailableError";
}

/** The API answered with GraphQL errors (or an unexpected status) for this operation. */
export class CustomerAccountGraphqlError extends Error {
  override name = "CustomerAccountGraphqlError";
  constructor(
    message: string,
    readonly errors: { message: string }[],
    readonly status: number,
  ) {
    super(message);
  }
}

type VariablesOption<TVariables> =
  Record<string, never> extends TVariables ? { variables?: TVariables } : { variables: TVariables };

export type CustomerAccountRequestOptions<TVariables> = {
  accessToken: string;
  signal?: AbortSignal;
} & VariablesOption<TVariables>;

const GraphqlResponseSchema = z.object({
  data: z.record(z.string(), z.unknown()).nullish(),
  errors: z
    .array(
      z.looseObject({
        message: z.string(),
        extensions: z.looseObject({ code: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});

export interface CustomerAccountClient {
  request<TData, TVariables>(
    operation: CustomerAccountOperation<TData, TVariables>,
    options: CustomerAccountRequestOptions<TVariables>,
  ): Promise<TData>;
}

/** A small GraphQL client for Shopify's Customer Account API (or its emulator). */
export function createCustomerAccountClient(
  settings: CustomerAccountClientSettings,
): CustomerAccountClient {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function request<TData, TVariables>(
    operation: CustomerAccountOperation<TData, TVariables>,
    options: CustomerAccountRequestOptions<TVariables>,
  ): Promise<TData> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      Accept: "application/json",
      // Shopify expects the bare token, without a "Bearer" prefix.
      Authorization: options.accessToken,
    };
    if (settings.origin) headers.Origin = settings.origin;
    if (settings.userAgent) headers["User-Agent"] = settings.userAgent;

    let response: Response;
    try {
      response = await fetch(settings.apiUrl, {
        method: "POST",
        headers,
        body: JSON.stringify({ query: operation, variables: options.variables ?? {} }),
        signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new CustomerAccountUnavailableError(
        timeout.aborted
          ? `Customer Account API did not answer within ${timeoutMs} ms`
          : "Customer Account API is unreachable",
        { cause: error },
      );
    }

    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new CustomerAccountUnauthorizedError("Invalid or expired access token");
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      throw new CustomerAccountUnavailableError(`Customer Account API answered ${response.status}`);
    }

    const body = GraphqlResponseSchema.safeParse(await response.json().catch(() => undefined));
    if (!body.success) {
      throw new CustomerAccountGraphqlError(
        `Customer Account API answered ${response.status} without a GraphQL response`,
        [],
        response.status,
      );
    }
    const { data, errors } = body.data;
    if (errors?.some((error) => error.extensions?.code === "THROTTLED")) {
      throw new CustomerAccountUnavailableError("Customer Account API is throttling requests");
    }
    if (errors?.length || !data || !response.ok) {
      throw new CustomerAccountGraphqlError(
        errors?.map((error) => error.message).join("; ") ||
          `Customer Account API answered ${response.status}`,
        errors ?? [],
        response.status,
      );
    }
    // The operation was validated against Shopify's schema and its types generated from it.
    return data as TData;
  }

  return { request };
}
