// The one HTTP transport for Shopify's GraphQL APIs (Storefront, Customer Account): it posts an
// operation and names every way that can fail, once. The clients on top of it add only what is
// theirs: tokens and headers, caching, and what a failure means to their callers.
import { z } from "zod";
import { withDeadline } from "../abort";
import type { TypedOperation } from "./typed-operation";

/** Why a call failed; callers decide what the shopper sees. */
export type GraphqlFailure =
  | "timeout"
  | "network"
  | "throttled"
  | "unauthorized"
  | "http"
  | "graphql"
  | "invalid-response";

const GraphqlErrorSchema = z.looseObject({
  message: z.string(),
  extensions: z.looseObject({ code: z.string().optional() }).optional(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
});

export type GraphqlError = z.infer<typeof GraphqlErrorSchema>;

const GraphqlResponseSchema = z.object({
  data: z.record(z.string(), z.unknown()).nullish(),
  // Shopify answers a bad token with a bare string: `{"errors":"[API] Invalid API key…"}`.
  errors: z
    .union([
      z.array(GraphqlErrorSchema),
      z.string().transform((message): GraphqlError[] => [{ message }]),
    ])
    .optional(),
});

export class GraphqlRequestError extends Error {
  override readonly name = "GraphqlRequestError";
  readonly reason: GraphqlFailure;
  readonly operationName: string;
  /** The upstream HTTP status, when there was a response. */
  readonly upstreamStatus?: number;
  readonly graphqlErrors: GraphqlError[];

  constructor(
    reason: GraphqlFailure,
    message: string,
    details: {
      operationName: string;
      upstreamStatus?: number;
      graphqlErrors?: GraphqlError[];
      cause?: unknown;
    },
  ) {
    super(message, { cause: details.cause });
    this.reason = reason;
    this.operationName = details.operationName;
    this.upstreamStatus = details.upstreamStatus;
    this.graphqlErrors = details.graphqlErrors ?? [];
  }

  /** The API was slow, throttling or down: worth a retry, unlike an answer that was unusable. */
  get retryable(): boolean {
    return (
      this.reason === "timeout" ||
      this.reason === "network" ||
      this.reason === "throttled" ||
      (this.reason === "http" && (this.upstreamStatus ?? 500) >= 500)
    );
  }
}

export function operationNameOf(document: string): string {
  return /\b(?:query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(document)?.[1] ?? "anonymous";
}

export interface GraphqlTransportSettings {
  /** Names the API in error messages: "Storefront API", "Customer Account API". */
  api: string;
  url: string;
  /** Sent with every request, after the JSON content headers. */
  headers?: Record<string, string>;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export interface GraphqlRequestOptions<TVariables> {
  variables?: TVariables;
  /** Sent with this request only (a customer's access token). */
  headers?: Record<string, string>;
  /** The caller's own abort; it rejects with the caller's reason, not a GraphqlRequestError. */
  signal?: AbortSignal;
}

export interface GraphqlTransport {
  readonly url: string;
  /** Resolves to the response's `data`, or rejects with a GraphqlRequestError. */
  request<TData, TVariables>(
    operation: TypedOperation<TData, TVariables>,
    options?: GraphqlRequestOptions<TVariables>,
  ): Promise<TData>;
}

export function createGraphqlTransport(settings: GraphqlTransportSettings): GraphqlTransport {
  const { api, url, timeoutMs } = settings;
  const send = settings.fetch ?? fetch;

  async function request<TData, TVariables>(
    operation: TypedOperation<TData, TVariables>,
    options: GraphqlRequestOptions<TVariables> = {},
  ): Promise<TData> {
    const operationName = operationNameOf(operation);
    const fail = (
      reason: GraphqlFailure,
      message: string,
      details: { upstreamStatus?: number; graphqlErrors?: GraphqlError[]; cause?: unknown } = {},
    ) =>
      new GraphqlRequestError(reason, `${api} ${operationName}: ${message}`, {
        operationName,
        ...details,
      });

    let deadline: AbortSignal | undefined;
    let response: Response;
    let text: string;
    try {
      [response, text] = await withDeadline(options.signal, timeoutMs, async (signal) => {
        deadline = signal;
        const answer = await send(url, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Accept: "application/json",
            ...settings.headers,
            ...options.headers,
          },
          body: JSON.stringify({
            query: operation,
            variables: options.variables ?? {},
            operationName,
          }),
          signal,
        });
        return [answer, await answer.text()] as const;
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw deadline?.aborted
        ? fail("timeout", `no answer within ${timeoutMs} ms`, { cause: error })
        : fail("network", error instanceof Error ? error.message : String(error), { cause: error });
    }

    const upstreamStatus = response.status;
    const body = parseResponse(text);
    const graphqlErrors = body?.errors ?? [];
    const messages = graphqlErrors.map((error) => error.message).join("; ");
    const statusFailure = (reason: GraphqlFailure) =>
      fail(reason, `HTTP ${upstreamStatus}${messages ? `: ${messages}` : ""}`, {
        upstreamStatus,
        graphqlErrors,
      });

    if (upstreamStatus === 401 || upstreamStatus === 403) throw statusFailure("unauthorized");
    // 430 is Shopify's "security rejection" for traffic it considers abusive.
    if (upstreamStatus === 429 || upstreamStatus === 430) throw statusFailure("throttled");
    if (!response.ok) throw statusFailure("http");
    if (!body) throw fail("invalid-response", "the response is not GraphQL", { upstreamStatus });
    if (graphqlErrors.length > 0) {
      const throttled = graphqlErrors.some((error) => error.extensions?.code === "THROTTLED");
      throw fail(throttled ? "throttled" : "graphql", messages, { upstreamStatus, graphqlErrors });
    }
    if (!body.data) throw fail("invalid-response", "the response has no data", { upstreamStatus });
    // The operation was validated against Shopify's schema and its types generated from it.
    return body.data as TData;
  }

  return { url, request };
}

function parseResponse(text: string): z.infer<typeof GraphqlResponseSchema> | undefined {
  try {
    return GraphqlResponseSchema.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}
