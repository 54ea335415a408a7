import { readFileSync } from "node:fs";
import {
  assertValidSchema,
  buildClientSchema,
  type GraphQLSchema,
  type IntrospectionQuery,
} from "graphql";
import { installCustomerAccountResolvers } from "./resolvers/install";

const schemaFile = new URL("../../schemas/customer-account.schema.json", import.meta.url);

let customerAccountSchema: GraphQLSchema | undefined;

/** Shopify's published Customer Account schema with the emulator's resolvers, built once. */
export function getCustomerAccountSchema(): GraphQLSchema {
  if (!customerAccountSchema) {
    const introspection = JSON.parse(readFileSync(schemaFile, "utf8")) as
      | IntrospectionQuery
      | { data: IntrospectionQuery };
    const schema = buildClientSchema("data" in introspection ? introspection.data : introspection);
    assertValidSchema(schema);
    installCustomerAccountResolvers(schema);
    customerAccountSchema = schema;
  }
  return customerAccountSchema;
}
