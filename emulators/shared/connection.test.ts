import { describe, expect, test } from "vitest";
import { paginateInOrder, paginateSorted } from "./connection";

const items = [5, 3, 9, 1, 7, 2].map((n) => ({ id: n, rank: n % 3 }));
const byId = { value: (item: { id: number }) => item.id, id: (item: { id: number }) => item.id };
const ids = (connection: { nodes: { id: number }[] }) => connection.nodes.map((item) => item.id);

describe("paginateSorted (Customer Account API)", () => {
  test("pages forward with first and after until there is no next page", () => {
    const first = paginateSorted(items, { first: 4 }, byId);
    expect(ids(first)).toEqual([1, 2, 3, 5]);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.pageInfo.endCursor).toBe(first.edges[3]?.cursor);

    const second = paginateSorted(items, { first: 4, after: first.pageInfo.endCursor }, byId);
    expect(ids(second)).toEqual([7, 9]);
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
  });

  test("pages backward with last and before", () => {
    const last = paginateSorted(items, { last: 2 }, byId);
    expect(ids(last)).toEqual([7, 9]);
    expect(last.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });

    const earlier = paginateSorted(items, { last: 3, before: last.pageInfo.startCursor }, byId);
    expect(ids(earlier)).toEqual([2, 3, 5]);
    expect(earlier.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
  });

  test("reverse flips the order, and cursors keep working in that order", () => {
    const first = paginateSorted(items, { first: 2, reverse: true }, byId);
    expect(ids(first)).toEqual([9, 7]);
    const next = paginateSorted(
      items,
      { first: 2, after: first.pageInfo.endCursor, reverse: true },
      byId,
    );
    expect(ids(next)).toEqual([5, 3]);
  });

  test("sorts by the sort value, breaking ties by id", () => {
    const byRank = { value: (item: { rank: number }) => item.rank, id: byId.id };
    expect(ids(paginateSorted(items, { first: 6 }, byRank))).toEqual([3, 9, 1, 7, 2, 5]);
  });

  test("continues after a cursor whose node has since been deleted", () => {
    const first = paginateSorted(items, { first: 3 }, byId);
    const withoutLast = items.filter((item) => item.id !== 3);
    const next = paginateSorted(withoutLast, { first: 3, after: first.pageInfo.endCursor }, byId);
    expect(ids(next)).toEqual([5, 7, 9]);
  });

  test("an empty page has null cursors", () => {
    const empty = paginateSorted([], { first: 10 }, byId);
    expect(empty).toEqual({
      edges: [],
      nodes: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    });
  });

  test("rejects missing or oversized page sizes and malformed cursors, as Shopify does", () => {
    expect(() => paginateSorted(items, {}, byId)).toThrow("you must provide one of first or last");
    expect(() => paginateSorted(items, { first: 1, last: 1 }, byId)).toThrow("not supported");
    expect(() => paginateSorted(items, { first: 251 }, byId)).toThrow("between 0 and 250");
    expect(() => paginateSorted(items, { first: 1, after: "bogus" }, byId)).toThrow(
      "Invalid cursor",
    );
  });
});

describe("paginateInOrder (Storefront API)", () => {
  const letters = ["a", "b", "c", "d", "e"];
  const page = (list: string[], args: Parameters<typeof paginateInOrder>[1]) =>
    paginateInOrder(list, args, (letter) => letter);

  test("keeps the given order and pages both ways, with totals for the whole list", () => {
    const first = page(letters, { first: 2 });
    expect(first.nodes).toEqual(["a", "b"]);
    expect(first).toMatchObject({ totalCount: 5, filters: [], productFilters: [] });
    const next = page(letters, { first: 2, after: first.pageInfo.endCursor });
    expect(next.nodes).toEqual(["c", "d"]);
    expect(next.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const back = page(letters, { last: 2, before: next.pageInfo.startCursor });
    expect(back.nodes).toEqual(["a", "b"]);
    expect(back.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
  });

  test("a cursor follows its item when items are added before it", () => {
    const first = page(letters, { first: 2 });
    const next = page(["0", ...letters], { first: 2, after: first.pageInfo.endCursor });
    expect(next.nodes).toEqual(["c", "d"]);
  });

  test("a cursor whose item is gone falls back to the item's old position", () => {
    const first = page(letters, { first: 2 });
    const next = page(["a", "c", "d", "e"], { first: 2, after: first.pageInfo.endCursor });
    expect(next.nodes).toEqual(["d", "e"]);
  });

  test("takes first and last together, and hasNextPage looks past a before cursor", () => {
    expect(page(letters, { first: 4, last: 2 }).nodes).toEqual(["c", "d"]);
    const d = page(letters, { first: 4 }).edges[3]?.cursor;
    expect(page(letters, { first: 5, before: d }).pageInfo.hasNextPage).toBe(true);
  });

  test("rejects missing or out-of-range page sizes and malformed cursors, as Shopify does", () => {
    expect(() => page(letters, {})).toThrow("you must provide one of first or last");
    expect(() => page(letters, { first: -1 })).toThrow("first must be a non-negative integer");
    expect(() => page(letters, { last: 251 })).toThrow("last must be less than or equal to 250");
    expect(() => page(letters, { first: 1, before: "bogus" })).toThrow("Invalid cursor: bogus");
  });
});
