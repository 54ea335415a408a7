import type { CodegenConfig } from "@graphql-codegen/cli";

// Shopify's custom scalars arrive as JSON strings (Decimal too: "19.9"), so they are typed as
// what the app receives, not as what they mean.
const STOREFRONT_SCALARS = {
  Color: "string",
  DateTime: "string",
  Decimal: "string",
  HTML: "string",
  ISO8601DateTime: "string",
  JSON: "unknown",
  URL: "string",
  UnsignedInt64: "string",
};

// Operations are tagged the way Hydrogen tags them: a `#graphql` comment opening the template
// string. graphql-tag-pluck only looks for a `/* GraphQL */` comment before the literal.
const pluckConfig = {
  isGqlTemplateLiteral: (node: { type: string; quasis?: { value: { raw: string } }[] }) =>
    node.type === "TemplateLiteral" &&
    (node.quasis?.[0]?.value.raw.trimStart().startsWith("#graphql") ?? false),
};

// typescript-operations 6 emits the enums and input types the operations use by itself; adding
// the `typescript` plugin (even with `onlyOperationTypes`) would add every enum and input type of
// the schema, about 3,200 lines nobody reads.
const config: CodegenConfig = {
  overwrite: true,
  pluckConfig: pluckConfig as CodegenConfig["pluckConfig"],
  generates: {
    "app/lib/commerce/storefront-types.generated.ts": {
      schema: "schemas/storefront.schema.json",
      documents: ["app/lib/commerce/operations/*.ts"],
      plugins: ["typescript-operations"],
      config: {
        scalars: STOREFRONT_SCALARS,
        strictScalars: true,
        arrayInputCoercion: false,
      },
    },
    "app/lib/customer/operations/customer-account.generated.ts": {
      schema: "schemas/customer-account.schema.json",
      documents: ["app/lib/customer/operations/*.ts", "!**/*.generated.ts", "!**/*.test.ts"],
      plugins: ["typescript-operations"],
      config: {
        scalars: STOREFRONT_SCALARS,
        strictScalars: true,
        arrayInputCoercion: false,
      },
    },
  },
};

export default config;
