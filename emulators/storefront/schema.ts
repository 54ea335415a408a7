import { readFileSync } from "node:fs";
import {
  assertValidSchema,
  buildClientSchema,
  type GraphQLOutputType,
  type GraphQLSchema,
  type IntrospectionQuery,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from "graphql";
import { installStorefrontResolvers } from "./resolvers/install";

// The version of schemas/storefront.schema.json, answered in X-Shopify-API-Version. (The app pins
// the same version in app/lib/commerce/api-version.ts; emulators import nothing from app/.)
export const EMULATED_API_VERSION = "2026-04";

const SCHEMA_FILE = new URL("../../schemas/storefront.schema.json", import.meta.url);

const EMPTY_SCALARS: Record<string, unknown> = {
  Boolean: false,
  Int: 0,
  Float: 0,
  Decimal: "0.0",
  DateTime: "1970-01-01T00:00:00Z",
  UnsignedInt64: "0",
  JSON: {},
};

/** What a field the emulator knows nothing about answers: null, or an empty value when non-null. */
function emptyValue(type: GraphQLOutputType): unknown {
  if (!isNonNullType(type)) return null;
  const inner = type.ofType;
  if (isListType(inner)) return [];
  // An empty object resolves field by field the same way, so an empty connection comes out
  // with no edges and a pageInfo of false/null.
  if (isObjectType(inner)) return {};
  if (isEnumType(inner)) return inner.getValues()[0]?.value ?? null;
  if (isScalarType(inner)) return EMPTY_SCALARS[inner.name] ?? "";
  // An interface or union needs a concrete type, which cannot be made up.
  return null;
}

function installDefaultResolvers(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      const fallback = emptyValue(field.type);
      field.resolve = (source, _args, _context, info) => {
        const value = (source as Record<string, unknown> | null | undefined)?.[info.fieldName];
        return value === undefined ? fallback : value;
      };
    }
  }
}

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
