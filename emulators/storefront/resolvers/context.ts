import { type GraphQLFieldResolver, type GraphQLSchema, isObjectType } from "graphql";
import type { ConnectionArgs } from "../../shared/connection";
import type { StorefrontStore } from "../store";

export interface StorefrontContext {
  store: StorefrontStore;
  /** Absolute URL of something the emulator serves, e.g. "images/products/x/1.svg". */
  assetUrl(path: string): string;
}

// biome-ignore lint/suspicious/noExplicitAny: arguments arrive as graphql-js coerced them
export type Args = Record<string, any>;
type Resolver<TSource> = GraphQLFieldResolver<TSource, StorefrontContext, Args>;

/** Sets a field's resolver, failing at start-up when the schema has no such field. */
export function resolver<TSource>(
  schema: GraphQLSchema,
  typeName: string,
  fieldName: string,
  resolve: Resolver<TSource>,
): void {
  const type = schema.getType(typeName);
  const field = isObjectType(type) ? type.getFields()[fieldName] : undefined;
  if (!field) throw new Error(`The Storefront schema has no field ${typeName}.${fieldName}`);
  field.resolve = resolve as GraphQLFieldResolver<unknown, unknown>;
}

export const pageArgs = ({ first, after, last, before }: Args): ConnectionArgs => ({
  first,
  after,
  last,
  before,
});

export function truncate(text: string, truncateAt: number | null | undefined): string {
  return truncateAt && text.length > truncateAt ? `${text.slice(0, truncateAt)}...` : text;
}
