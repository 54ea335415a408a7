import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { buildClientSchema, type IntrospectionQuery, isEnumType, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { STOREFRONT_API_VERSION } from "./api-version";

// The schema file is a bare introspection result and names no version, so the version is checked
// two ways:
// - provenance: the file is byte-identical to `storefront.schema.json` in
//   @shopify/hydrogen-react 2026.4.4, whose SFAPI_VERSION is "2026-04" (hydrogen-react's
//   YYYY.M.patch releases track Storefront API version YYYY-MM);
// - content: it has what 2026-04 added over 2026-01 (found by diffing the file hydrogen-react
//   2026.1.2 ships), so an older schema cannot pass for this version.
// Refreshing the schema means updating STOREFRONT_API_VERSION, these markers and the digest.
const SCHEMA_SHA256 = "bee1a385d493e26eef6ecda11c8489843830a46e3581ab1d66faf8b2d7b8f5aa";
const ADDED_IN_2026_04 = {
  shopFields: ["contactInformation", "legalNotice", "termsOfSale"],
  cartErrorCodes: ["MERCHANDISE_LINE_TRANSFORMERS_RUN_ERROR"],
};

const schemaText = readFileSync(
  new URL("../../../schemas/storefront.schema.json", import.meta.url),
  "utf8",
);

describe("STOREFRONT_API_VERSION", () => {
  it("is a quarterly Shopify release name", () => {
    expect(STOREFRONT_API_VERSION).toMatch(/^\d{4}-(01|04|07|10)$/);
  });

  it("is the version of the schema the operations are checked against", () => {
    expect(STOREFRONT_API_VERSION).toBe("2026-04");
    expect(createHash("sha256").update(schemaText).digest("hex")).toBe(SCHEMA_SHA256);
  });

  it("matches a schema carrying what 2026-04 added", () => {
    const schema = buildClientSchema(JSON.parse(schemaText) as IntrospectionQuery);
    const shop = schema.getType("Shop");
    const cartErrorCode = schema.getType("CartErrorCode");
    if (!isObjectType(shop) || !isEnumType(cartErrorCode)) throw new Error("unexpected schema");
    expect(Object.keys(shop.getFields())).toEqual(
      expect.arrayContaining(ADDED_IN_2026_04.shopFields),
    );
    expect(cartErrorCode.getValues().map((value) => value.name)).toEqual(
      expect.arrayContaining(ADDED_IN_2026_04.cartErrorCodes),
    );
  });
});
