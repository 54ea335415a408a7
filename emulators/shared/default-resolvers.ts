import {
  type GraphQLOutputType,
  type GraphQLSchema,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from "graphql";

// What an emulated Shopify API answers for the fields it implements no resolver for.

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

export function installDefaultResolvers(schema: GraphQLSchema): void {
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
