import type { Request, RequestHandler } from "express";
import type { GraphQLSchema } from "graphql";
import { z } from "zod";
import {
  API_VERSION_PATTERN,
  createGraphqlHttpHandler,
  errorBody,
  type GraphqlParams,
} from "../shared/graphql-http";
import type { CustomerStore } from "./customer-records";
import type { CustomerAccountContext } from "./resolvers/context";

const GraphqlRequestSchema = z.object({
  query: z.string().min(1),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().nullish(),
});

export interface GraphqlHandlerOptions {
  schema: GraphQLSchema;
  store: CustomerStore;
  verifyAccessToken: (token: string) => Promise<string | undefined>;
  /** The emulator's origin, for image paths stored relative to it. */
  origin: string;
}

function readParams(request: Request): GraphqlParams {
  const parsed = GraphqlRequestSchema.safeParse(request.body);
  if (!parsed.success) return { invalid: "Expected a JSON body with a query string" };
  const { query, variables, operationName } = parsed.data;
  return { query, variables: variables ?? undefined, operationName: operationName ?? undefined };
}

/**
 * `POST …/account/customer/api/:version/graphql`. Authentication belongs here, not in a resolver:
 * `customer` is non-null, so a throwing resolver would only null the whole response.
 */
export function createGraphqlHandler(options: GraphqlHandlerOptions): RequestHandler {
  const { store, verifyAccessToken, origin } = options;
  return createGraphqlHttpHandler<CustomerAccountContext>({
    schema: options.schema,
    cacheSize: 200,
    readParams,
    async admit({ request, response }) {
      response.set("Cache-Control", "no-store");
      const version = request.params.version;
      if (!API_VERSION_PATTERN.test(String(version))) {
        response.status(404).json(errorBody(`Unknown API version ${version}`));
        return undefined;
      }

      const token = accessTokenFrom(request.get("authorization"));
      const customerId = token ? await verifyAccessToken(token) : undefined;
      const customer = customerId ? await store.getCustomer(customerId) : undefined;
      if (!customerId || !customer) {
        response
          .status(401)
          .set("WWW-Authenticate", 'Bearer error="invalid_token"')
          .json(
            errorBody(token ? "Invalid or expired access token" : "No access token found", {
              code: "UNAUTHORIZED",
            }),
          );
        return undefined;
      }
      return { customerId, store, origin };
    },
  });
}

/** Shopify takes the raw token in `Authorization`; `Bearer <token>` is accepted as well. */
function accessTokenFrom(header: string | undefined): string | undefined {
  const value = header?.trim().replace(/^Bearer\s+/i, "");
  return value || undefined;
}
