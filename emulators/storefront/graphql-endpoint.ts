import type { Request, RequestHandler, Response } from "express";
import type { GraphQLSchema } from "graphql";
import {
  API_VERSION_PATTERN,
  createGraphqlHttpHandler,
  errorBody,
  readGraphqlParams,
} from "../shared/graphql-http";
import type { StorefrontContext } from "./resolvers/context";
import { EMULATED_API_VERSION } from "./schema";
import type { StorefrontStore } from "./store";

// POST (or GET) /api/:version/graphql.json, as Shopify serves it, plus the test switches:
// X-Emulator-Fault (or ?emulator_fault=) and a request counter for GET /_stats.

export interface EmulatorStats {
  requests: number;
  byOperation: Record<string, number>;
}

const DOCUMENT_CACHE_SIZE = 500;
const DEFAULT_SLOW_MS = 10_000;

function hasAccessToken(request: Request): boolean {
  return Boolean(
    request.get("X-Shopify-Storefront-Access-Token") ||
      request.get("Shopify-Storefront-Private-Token"),
  );
}

/** Resolves after `ms`, or as soon as the client hangs up (then `false`). */
function wait(ms: number, response: Response): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      response.off("close", onClose);
      resolve(true);
    }, ms);
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    response.once("close", onClose);
  });
}

export function createGraphqlEndpoint(options: {
  schema: GraphQLSchema;
  store: StorefrontStore;
  stats: EmulatorStats;
  publicOrigin: string;
  fault?: string;
  /** Whether a request may ask for its own fault (X-Emulator-Fault, ?emulator_fault=): tests only. */
  faultsPerRequest?: boolean;
  /** A fault for this one request (e.g. a cart's), between the header and `fault`. */
  faultFor?: (
    operationName: string,
    variables: Record<string, unknown> | undefined,
  ) => string | undefined;
}): RequestHandler {
  const { store, stats } = options;
  const publicOrigin = options.publicOrigin.replace(/\/+$/, "");

  return createGraphqlHttpHandler<StorefrontContext>({
    schema: options.schema,
    cacheSize: DOCUMENT_CACHE_SIZE,
    readParams: readGraphqlParams,
    badRequestCode: "BAD_REQUEST",
    async admit({ request, response, params, ...named }) {
      const operationName = named.operationName ?? "anonymous";
      stats.requests += 1;
      stats.byOperation[operationName] = (stats.byOperation[operationName] ?? 0) + 1;

      if (!hasAccessToken(request)) {
        response
          .status(401)
          .json(
            errorBody(
              "[API] Invalid API key or access token (unrecognized login or wrong password)",
              { code: "UNAUTHORIZED" },
            ),
          );
        return undefined;
      }
      if (!API_VERSION_PATTERN.test(String(request.params.version ?? ""))) {
        response.status(404).json(errorBody("Not Found", { code: "NOT_FOUND" }));
        return undefined;
      }
      response.set("X-Shopify-API-Version", EMULATED_API_VERSION);

      const asked = options.faultsPerRequest
        ? (request.get("X-Emulator-Fault") ?? request.query.emulator_fault)
        : undefined;
      const fault = asked ?? options.faultFor?.(operationName, params.variables) ?? options.fault;
      if (typeof fault === "string" && fault && !(await applyFault(fault, response, stats))) {
        return undefined;
      }
      return { store, assetUrl: (path) => `${publicOrigin}${request.baseUrl}/${path}` };
    },
  });
}

/** Answers the request as the fault asks, or delays it; false once the request is over. */
async function applyFault(fault: string, response: Response, stats: EmulatorStats) {
  const [kind, argument] = fault.split(":");
  if (kind === "error") {
    response.json(
      errorBody("Internal error. Looks like something went wrong on our end.", {
        code: "INTERNAL_SERVER_ERROR",
        requestId: `emulator-${stats.requests}`,
      }),
    );
    return false;
  }
  if (kind === "throttled") {
    // Shopify throttles with HTTP 200 and this error, not with 429.
    response.json(
      errorBody("Throttled", {
        code: "THROTTLED",
        documentation: "https://shopify.dev/api/usage/rate-limits",
      }),
    );
    return false;
  }
  if (kind === "status") {
    const status = Number(argument);
    response
      .status(status >= 400 && status <= 599 ? status : 500)
      .json({ errors: `Emulated HTTP ${argument}` });
    return false;
  }
  if (kind === "slow") {
    const delay = argument ? Number(argument) : DEFAULT_SLOW_MS;
    return wait(Number.isFinite(delay) ? delay : DEFAULT_SLOW_MS, response);
  }
  response
    .status(400)
    .json(
      errorBody(
        `Unknown emulator fault "${fault}"; use error, throttled, slow[:ms] or status:<code>`,
        { code: "BAD_REQUEST" },
      ),
    );
  return false;
}
