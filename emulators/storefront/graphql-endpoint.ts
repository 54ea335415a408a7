import type { Request, RequestHandler, Response } from "express";
import {
  type DocumentNode,
  execute,
  type GraphQLError,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  parse,
  validate,
} from "graphql";
import type { StorefrontContext } from "./resolvers";
import { EMULATED_API_VERSION } from "./schema";
import type { StorefrontStore } from "./store";

// POST (or GET) /api/:version/graphql.json, as Shopify serves it, plus the test switches:
// X-Emulator-Fault (or ?emulator_fault=) and a request counter for GET /_stats.

export interface EmulatorStats {
  requests: number;
  byOperation: Record<string, number>;
}

interface PreparedDocument {
  document?: DocumentNode;
  errors?: readonly GraphQLError[];
  operations: OperationDefinitionNode[];
}

// Parsing and validation are most of a request's cost; storefront clients send a handful of
// distinct query strings, so a small cache by query string removes it.
const DOCUMENT_CACHE_SIZE = 500;
const DEFAULT_SLOW_MS = 10_000;
const API_VERSION_PATTERN = /^(\d{4}-(01|04|07|10)|unstable)$/;

function createDocumentCache(schema: GraphQLSchema) {
  const cache = new Map<string, PreparedDocument>();
  return (query: string): PreparedDocument => {
    const cached = cache.get(query);
    if (cached) return cached;
    let prepared: PreparedDocument;
    try {
      const document = parse(query);
      const errors = validate(schema, document);
      const operations = document.definitions.filter(
        (definition): definition is OperationDefinitionNode =>
          definition.kind === Kind.OPERATION_DEFINITION,
      );
      prepared = errors.length ? { errors, operations } : { document, operations };
    } catch (error) {
      prepared = { errors: [error as GraphQLError], operations: [] };
    }
    if (cache.size >= DOCUMENT_CACHE_SIZE) cache.clear();
    cache.set(query, prepared);
    return prepared;
  };
}

function errorBody(message: string, code: string, extra: Record<string, unknown> = {}) {
  return { errors: [{ message, extensions: { code, ...extra } }] };
}

function readParams(request: Request): {
  query?: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  invalid?: string;
} {
  if (request.method === "GET") {
    const { query, variables, operationName } = request.query;
    let parsedVariables: Record<string, unknown> | undefined;
    if (typeof variables === "string" && variables) {
      try {
        parsedVariables = JSON.parse(variables);
      } catch {
        return { invalid: "Variables are invalid JSON." };
      }
    }
    return {
      query: typeof query === "string" ? query : undefined,
      variables: parsedVariables,
      operationName: typeof operationName === "string" ? operationName : undefined,
    };
  }
  if (typeof request.body === "string") return { query: request.body };
  const body = (request.body ?? {}) as Record<string, unknown>;
  return {
    query: typeof body.query === "string" ? body.query : undefined,
    variables:
      body.variables && typeof body.variables === "object"
        ? (body.variables as Record<string, unknown>)
        : undefined,
    operationName: typeof body.operationName === "string" ? body.operationName : undefined,
  };
}

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
  /** A fault for this one request (e.g. a cart's), between the header and `fault`. */
  faultFor?: (
    operationName: string,
    variables: Record<string, unknown> | undefined,
  ) => string | undefined;
}): RequestHandler {
  const { schema, store, stats } = options;
  const publicOrigin = options.publicOrigin.replace(/\/+$/, "");
  const prepare = createDocumentCache(schema);

  return async (request, response) => {
    const params = readParams(request);
    const prepared = params.query ? prepare(params.query) : undefined;
    const operation = params.operationName
      ? prepared?.operations.find((op) => op.name?.value === params.operationName)
      : prepared?.operations.length === 1
        ? prepared.operations[0]
        : undefined;
    const operationName = params.operationName ?? operation?.name?.value ?? "anonymous";
    stats.requests += 1;
    stats.byOperation[operationName] = (stats.byOperation[operationName] ?? 0) + 1;

    if (!hasAccessToken(request)) {
      response
        .status(401)
        .json(
          errorBody(
            "[API] Invalid API key or access token (unrecognized login or wrong password)",
            "UNAUTHORIZED",
          ),
        );
      return;
    }
    if (!API_VERSION_PATTERN.test(String(request.params.version ?? ""))) {
      response.status(404).json(errorBody("Not Found", "NOT_FOUND"));
      return;
    }
    response.set("X-Shopify-API-Version", EMULATED_API_VERSION);

    const fault =
      request.get("X-Emulator-Fault") ??
      request.query.emulator_fault ??
      options.faultFor?.(operationName, params.variables) ??
      options.fault;
    if (typeof fault === "string" && fault) {
      const [kind, argument] = fault.split(":");
      if (kind === "error") {
        response.json(
          errorBody(
            "Internal error. Looks like something went wrong on our end.",
            "INTERNAL_SERVER_ERROR",
            { requestId: `emulator-${stats.requests}` },
          ),
        );
        return;
      }
      if (kind === "throttled") {
        // Shopify throttles with HTTP 200 and this error, not with 429.
        response.json(
          errorBody("Throttled", "THROTTLED", {
            documentation: "https://shopify.dev/api/usage/rate-limits",
          }),
        );
        return;
      }
      if (kind === "status") {
        const status = Number(argument);
        response
          .status(status >= 400 && status <= 599 ? status : 500)
          .json({ errors: `Emulated HTTP ${argument}` });
        return;
      }
      if (kind === "slow") {
        const delay = argument ? Number(argument) : DEFAULT_SLOW_MS;
        if (!(await wait(Number.isFinite(delay) ? delay : DEFAULT_SLOW_MS, response))) return;
      } else {
        response
          .status(400)
          .json(
            errorBody(
              `Unknown emulator fault "${fault}"; use error, throttled, slow[:ms] or status:<code>`,
              "BAD_REQUEST",
            ),
          );
        return;
      }
    }

    if (params.invalid) {
      response.status(400).json(errorBody(params.invalid, "BAD_REQUEST"));
      return;
    }
    if (!params.query || !prepared) {
      response.status(400).json(errorBody("No query string was present", "BAD_REQUEST"));
      return;
    }
    if (!prepared.document) {
      response.json({ errors: prepared.errors?.map((error) => error.toJSON()) });
      return;
    }
    if (request.method === "GET" && operation?.operation === "mutation") {
      response.status(405).json(errorBody("Mutations are not allowed over GET", "BAD_REQUEST"));
      return;
    }

    const contextValue: StorefrontContext = {
      store,
      assetUrl: (path) => `${publicOrigin}${request.baseUrl}/${path}`,
    };
    const result = await execute({
      schema,
      document: prepared.document,
      rootValue: {},
      contextValue,
      variableValues: params.variables,
      operationName: params.operationName,
    });
    response.json(result);
  };
}
