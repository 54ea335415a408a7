import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generate } from "@graphql-codegen/cli";
import {
  buildClientSchema,
  type DocumentNode,
  type IntrospectionQuery,
  Kind,
  NoDeprecatedCustomRule,
  parse,
  specifiedRules,
  validate,
} from "graphql";
import { describe, expect, it } from "vitest";
import codegenConfig from "../../../codegen";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const introspection: IntrospectionQuery = JSON.parse(
  readFileSync(`${repoRoot}schemas/storefront.schema.json`, "utf8"),
);
const schema = buildClientSchema(introspection);

function operationName(document: DocumentNode): string | undefined {
  const definition = document.definitions.find((node) => node.kind === Kind.OPERATION_DEFINITION);
  return definition?.kind === Kind.OPERATION_DEFINITION ? definition.name?.value : undefined;
}

// Every string exported from operations/ is GraphQL; those holding an operation (fragments.ts
// holds none) are checked here, so operations added later need no change to this test.
const modules = import.meta.glob<Record<string, unknown>>("./operations/*.ts", { eager: true });
const documents = Object.values(modules)
  .flatMap((module) => Object.entries(module))
  .filter((entry): entry is [string, string] => typeof entry[1] === "string");
const operations = Object.fromEntries(
  documents.filter(([, source]) =>
    parse(source).definitions.some((node) => node.kind === Kind.OPERATION_DEFINITION),
  ),
);

describe("Storefront operations", () => {
  it("are all tagged #graphql, which is how codegen finds them", () => {
    expect(documents.length).toBeGreaterThan(Object.keys(operations).length);
    for (const [constant, source] of documents) {
      expect(source.trimStart().startsWith("#graphql"), constant).toBe(true);
    }
  });

  it("cover every operation the catalogue needs, each named once", () => {
    const names = Object.values(operations).map((source) => operationName(parse(source)));
    expect(names).not.toContain(undefined);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        "Collection",
        "CollectionTags",
        "Collections",
        "PredictiveSearch",
        "Product",
        "SearchProducts",
      ]),
    );
  });

  for (const [constant, source] of Object.entries(operations)) {
    it(`${constant} is valid against the 2026-04 schema and uses no deprecated field`, () => {
      const errors = validate(schema, parse(source), [...specifiedRules, NoDeprecatedCustomRule]);
      expect(errors.map((error) => error.message)).toEqual([]);
    });
  }
});

describe("generated types", () => {
  it("match what codegen produces from the current operations", async () => {
    const outputs = await generate({ ...codegenConfig, cwd: repoRoot, silent: true }, false);
    const output = outputs.find(
      (file: { filename: string }) =>
        file.filename === "app/lib/commerce/storefront-types.generated.ts",
    );
    const committed = readFileSync(
      `${repoRoot}app/lib/commerce/storefront-types.generated.ts`,
      "utf8",
    );
    // A failure here means an operation changed without `npm run codegen`.
    expect(output?.content === committed).toBe(true);
  }, 20_000);
});
