import { describe, expect, it } from "vitest";
import {
  appendPage,
  COLLECTION_SORTS,
  collectionViewSearch,
  parseCollectionView,
  previousProductsFrom,
  sortOrder,
} from "./collection-view";

const parse = (query: string) => parseCollectionView(new URLSearchParams(query));

describe("a collection page's query string", () => {
  it("defaults to the featured order, no tag, the first page", () => {
    expect(parse("")).toEqual({ sort: "featured", tag: null, after: null });
  });

  it("reads the sort, tag and cursor", () => {
    expect(parse("sort=price-descending&tag=variable%20speed&after=eyJsYXN0X2lkIjoxfQ")).toEqual({
      sort: "price-descending",
      tag: "variable speed",
      after: "eyJsYXN0X2lkIjoxfQ",
    });
  });

  it("ignores values it does not know rather than failing", () => {
    expect(parse("sort=cheapest&tag=%20%20&after=%3Cscript%3E")).toEqual({
      sort: "featured",
      tag: null,
      after: null,
    });
    expect(parse(`tag=${"x".repeat(300)}`).tag).toBeNull();
  });

  it("round-trips every view, leaving defaults out", () => {
    for (const { value } of COLLECTION_SORTS) {
      const view = { sort: value, tag: "pool", after: "abc123" };
      expect(parse(collectionViewSearch(view).slice(1))).toEqual(view);
    }
    expect(collectionViewSearch({ sort: "featured", tag: null, after: null })).toBe("");
    expect(collectionViewSearch({ sort: "newest" })).toBe("?sort=newest");
  });
});

describe("sort orders", () => {
  it("map to the Storefront API's sort keys", () => {
    expect(sortOrder("featured")).toEqual({ sortKey: "COLLECTION_DEFAULT", reverse: false });
    expect(sortOrder("price-ascending")).toEqual({ sortKey: "PRICE", reverse: false });
    expect(sortOrder("price-descending")).toEqual({ sortKey: "PRICE", reverse: true });
    expect(sortOrder("newest")).toEqual({ sortKey: "CREATED", reverse: true });
  });
});

describe("load more", () => {
  it("appends a page to the products shown, each product once", () => {
    const shown = [{ handle: "a" }, { handle: "b" }];
    expect(appendPage(shown, [{ handle: "b" }, { handle: "c" }])).toEqual([
      { handle: "a" },
      { handle: "b" },
      { handle: "c" },
    ]);
  });

  it("reads earlier products only from a well-formed history state", () => {
    expect(
      previousProductsFrom({ previousProducts: [{ handle: "a" }, { nope: 1 }, null] }),
    ).toEqual([{ handle: "a" }]);
    expect(previousProductsFrom(null)).toEqual([]);
    expect(previousProductsFrom({ previousProducts: "a" })).toEqual([]);
    expect(previousProductsFrom({ key: "x" })).toEqual([]);
  });
});
