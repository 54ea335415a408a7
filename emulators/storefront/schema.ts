import { readFileSync } from "node:fs";
import {
  assertValidSchema,
  buildClientSchema,
  type GraphQLSchema,
  type IntrospectionQuery,
} from "graphql";
import { installDefaultResolvers } from "../shared/default-resolvers";
import { installStorefrontResolvers } from "./resolvers/install";

// The version of schemas/storefront.schema.json, answered in X-Shopify-API-Version. (The app pins
// the same version in app/lib/commerce/api-version.ts; emulators import nothing from app/.)
export const EMULATED_API_VERSION = "2026-04";

const SCHEMA_FILE = new URL("../../schemas/storefront.schema.json", import.meta.url);

let schema: GraphQLSchema | undefined;

/** Shopify's published schema with the emulator's resolvers, built once per process. */
export function storefrontSchema(): GraphQLSchema {
  if (!schema) {
    const introspection: IntrospectionQuery = JSON.parse(readFileSync(SCHEMA_FILE, "utf8"));
    const built = buildClientSchema(introspection);
    // Validating now keeps the cost off the first request.
    assertValidSchema(built);
    installDefaultResolvers(built);
    installStorefrontResolvers(built);
    schema = built;
  }
  return schema;
}
