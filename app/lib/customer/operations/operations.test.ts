import { readFileSync } from "node:fs";
import {
  buildClientSchema,
  type IntrospectionQuery,
  Kind,
  NoDeprecatedCustomRule,
  parse,
  specifiedRules,
  validate,
} from "graphql";
import { describe, expect, test } from "vitest";
import * as addresses from "./addresses";
import * as customer from "./customer";
import * as fragments from "./fragments";
import * as orders from "./orders";

const schema = buildClientSchema(
  JSON.parse(
    readFileSync(
      new URL("../../../../schemas/customer-account.schema.json", import.meta.url),
      "utf8",
    ),
  ) as IntrospectionQuery,
);

const documents = Object.entries({ ...addresses, ...customer, ...fragments, ...orders })
  .filter((entry): entry is [string, string] => typeof entry[1] === "string")
  .filter(([, source]) => source.trimStart().startsWith("#graphql"))
  .map(([exportName, source]) => ({ exportName, source, document: parse(source) }));

const operations = documents.filter(({ document }) =>
  document.definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION),
);

describe("Customer Account operations", () => {
  test("every module's operations were found", () => {
    expect(operations.map(({ exportName }) => exportName).sort()).toEqual([
      "CUSTOMER_ADDRESS_CREATE_MUTATION",
      "CUSTOMER_ADDRESS_DELETE_MUTATION",
      "CUSTOMER_ADDRESS_UPDATE_MUTATION",
      "CUSTOMER_ORDERS_QUERY",
      "CUSTOMER_QUERY",
      "CUSTOMER_UPDATE_MUTATION",
      "ORDER_QUERY",
    ]);
  });

  test.each(operations)(
    "$exportName is valid against Shopify's schema without deprecated fields",
    ({ document }) => {
      const errors = validate(schema, document, [...specifiedRules, NoDeprecatedCustomRule]);
      expect(errors.map((error) => error.message)).toEqual([]);
    },
  );

  test("operations are named, one per document, with unique names", () => {
    const names = operations.map(({ document }) => {
      const definitions = document.definitions.filter(
        (definition) => definition.kind === Kind.OPERATION_DEFINITION,
      );
      expect(definitions).toHaveLength(1);
      return definitions[0]?.name?.value;
    });
    expect(names.every(Boolean)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });
});
