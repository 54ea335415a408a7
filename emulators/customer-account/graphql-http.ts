import type { RequestHandler } from "express";
import {
  type DocumentNode,
  execute,
  type GraphQLError,
  type GraphQLSchema,
  parse,
  validate,
} from "graphql";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { CustomerStore } from "./customer-store";
import type { CustomerAccountContext } from "./graphql-schema";

const GraphqlRequestSchema = z.object({
  query: z.string().min(1),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().nullish(),
});

// Shopify's dated versions (quarterly) and `unstable`; all are served from the one schema.
const apiVersionPattern = /^(\d{4}-(01|04|07|10)|unstable)$/;

export interface GraphqlHandlerOptions {
  schema: GraphQLSchema;
  store: CustomerStore;
  verifyAccessToken: (token: string) => Promise<string | undefined>;
  /** The emulator's origin, for image paths stored relative to it. */
  origin: string;
}

/**
 * `POST …/account/customer/api/:version/graphql`. Authentication belongs here, not in a resolver:
 * `customer` is non-null, so a throwing resolver would only null the whole response.
 */
export function createGraphqlHandler(options: GraphqlHandlerOptions): RequestHandler {
  const { schema, store, verifyAccessToken, origin } = options;
  // Parsing and validating is most of a query's cost; the app sends the same few documents.
  const documents = new LRUCache<string, { document: DocumentNode } | { errors: GraphQLError[] }>({
    max: 200,
  });

  return async (req, res) => {
    res.set("Cache-Control", "no-store");
    if (!apiVersionPattern.test(String(req.params.version))) {
      res.status(404).json({ errors: [{ message: `Unknown API version ${req.params.version}` }] });
      return;
    }

    const token = accessTokenFrom(req.get("authorization"));
    const customerId = token ? await verifyAccessToken(token) : undefined;
    const customer = customerId ? await store.getCustomer(customerId) : undefined;
    if (!customerId || !customer) {
      res
        .status(401)
        .set("WWW-Authenticate", 'Bearer error="invalid_token"')
        .json({
          errors: [
            {
              message: token ? "Invalid or expired access token" : "No access token found",
              extensions: { code: "UNAUTHORIZED" },
            },
          ],
        });
      return;
    }

    const request = GraphqlRequestSchema.safeParse(req.body);
    if (!request.success) {
      res.status(400).json({ errors: [{ message: "Expected a JSON body with a query string" }] });
      return;
    }
    const { query, variables, operationName } = request.data;

    let prepared = documents.get(query);
    if (!prepared) {
      try {
        const document = parse(query);
        const errors = validate(schema, document);
        prepared = errors.length > 0 ? { errors: [...errors] } : { document };
      } catch (error) {
        prepared = { errors: [error as GraphQLError] };
      }
      documents.set(query, prepared);
    }
    if ("errors" in prepared) {
      res.json({ errors: prepared.errors.map((error) => error.toJSON()) });
      return;
    }

    const contextValue: CustomerAccountContext = { customerId, store, origin };
    const result = await execute({
      schema,
      document: prepared.document,
      variableValues: variables ?? undefined,
      operationName: operationName ?? undefined,
      contextValue,
    });
    res.json(result);
  };
}

/** Shopify takes the raw token in `Authorization`; `Bearer <token>` is accepted as well. */
function accessTokenFrom(header: string | undefined): string | undefined {
  const value = header?.trim().replace(/^Bearer\s+/i, "");
  return value || undefined;
}
