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
import { LRUCache } from "lru-cache";

// GraphQL over HTTP for the emulated Shopify APIs. Each API decides how it reads a request and what
// it checks first (version, token, faults); parsing, validation, execution and the answers to
// unusable queries are the same for all.

// Shopify's dated versions (quarterly) and `unstable`.
export const API_VERSION_PATTERN = /^(\d{4}-(01|04|07|10)|unstable)$/;

export interface GraphqlParams {
  query?: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  /** Why the request cannot be run, answered with 400 once the API's own checks pass. */
  invalid?: string;
}

/** Shopify's error body; `extensions` (with its `code`) only where the API sends them. */
export function errorBody(message: string, extensions?: Record<string, unknown>) {
  return { errors: [extensions ? { message, extensions } : { message }] };
}

interface PreparedDocument {
  document?: DocumentNode;
  errors?: readonly GraphQLError[];
  operations: OperationDefinitionNode[];
}

function prepareDocument(schema: GraphQLSchema, query: string): PreparedDocument {
  try {
    const document = parse(query);
    const errors = validate(schema, document);
    const operations = document.definitions.filter(
      (definition): definition is OperationDefinitionNode =>
        definition.kind === Kind.OPERATION_DEFINITION,
    );
    return errors.length ? { errors, operations } : { document, operations };
  } catch (error) {
    return { errors: [error as GraphQLError], operations: [] };
  }
}

/** A GraphQL request as Shopify reads it: GET parameters, a JSON body, or an application/graphql body. */
export function readGraphqlParams(request: Request): GraphqlParams {
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

export interface GraphqlHttpOptions<TContext> {
  schema: GraphQLSchema;
  /** Distinct query strings kept parsed and validated: that is most of a request's cost, and
   * clients send the same few documents. */
  cacheSize: number;
  readParams(request: Request): GraphqlParams;
  /**
   * The API's checks before the query runs, in its order. Returns the resolvers' context, or
   * undefined once it has answered the request itself.
   */
  admit(exchange: {
    request: Request;
    response: Response;
    params: GraphqlParams;
    /** As the request names it, or the document's only operation's name. */
    operationName: string | undefined;
  }): Promise<TContext | undefined>;
  /** `extensions.code` for the 400 answers, where the API sends one. */
  badRequestCode?: string;
}

export function createGraphqlHttpHandler<TContext>(
  options: GraphqlHttpOptions<TContext>,
): RequestHandler {
  const { schema, readParams, admit } = options;
  const documents = new LRUCache<string, PreparedDocument>({ max: options.cacheSize });
  const prepare = (query: string) => {
    let prepared = documents.get(query);
    if (!prepared) {
      prepared = prepareDocument(schema, query);
      documents.set(query, prepared);
    }
    return prepared;
  };
  const badRequest = (message: string) =>
    errorBody(message, options.badRequestCode ? { code: options.badRequestCode } : undefined);

  return async (request, response) => {
    const params = readParams(request);
    const prepared = params.query ? prepare(params.query) : undefined;
    const operation = params.operationName
      ? prepared?.operations.find((op) => op.name?.value === params.operationName)
      : prepared?.operations.length === 1
        ? prepared.operations[0]
        : undefined;
    const operationName = params.operationName ?? operation?.name?.value;

    const contextValue = await admit({ request, response, params, operationName });
    if (contextValue === undefined) return;

    if (params.invalid) {
      response.status(400).json(badRequest(params.invalid));
      return;
    }
    if (!params.query || !prepared) {
      response.status(400).json(badRequest("No query string was present"));
      return;
    }
    if (!prepared.document) {
      response.json({ errors: prepared.errors?.map((error) => error.toJSON()) });
      return;
    }
    if (request.method === "GET" && operation?.operation === "mutation") {
      response.status(405).json(badRequest("Mutations are not allowed over GET"));
      return;
    }

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
