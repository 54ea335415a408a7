import { describe, expect, it } from "vitest";
import { normaliseSearchQuery, SEARCH_QUERY_MAX_LENGTH } from "./search-query";

describe("search queries", () => {
  it("are trimmed, with runs of white space made one space", () => {
    expect(normaliseSearchQuery("  salt \n  chlorinator ")).toBe("salt chlorinator");
    expect(normaliseSearchQuery(null)).toBe("");
    expect(normaliseSearchQuery("   ")).toBe("");
  });

  it("are capped in length", () => {
    expect(normaliseSearchQuery("a".repeat(500))).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
  });
});
