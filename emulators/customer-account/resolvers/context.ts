import { type GraphQLFieldResolver, GraphQLObjectType, type GraphQLSchema } from "graphql";
import type { CustomerStore } from "../customer-records";
import { gidNumber } from "../customer-records";

/** Per-request context: the verified customer and the data behind the API. */
export interface CustomerAccountContext {
  customerId: string;
  store: CustomerStore;
  /** The emulator's origin; relative image paths in the store resolve against it. */
  origin: string;
}

type Resolver = GraphQLFieldResolver<Record<PropertyKey, unknown>, CustomerAccountContext>;

/** Sets a field's resolver, failing at start-up when the schema has no such field. */
export function setResolver(
  schema: GraphQLSchema,
  typeName: string,
  fieldName: string,
  resolve: Resolver,
) {
  const type = schema.getType(typeName);
  const field = type instanceof GraphQLObjectType ? type.getFields()[fieldName] : undefined;
  if (!field) throw new Error(`Customer Account schema has no ${typeName}.${fieldName}`);
  field.resolve = resolve;
}

/** Sort order for connections of stored records: by the numeric part of their gid. */
export const byId = {
  value: (item: { id: string }) => gidNumber(item.id),
  id: (item: { id: string }) => gidNumber(item.id),
};
