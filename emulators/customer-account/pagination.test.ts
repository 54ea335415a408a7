import { describe, expect, test } from "vitest";
import { paginate } from "./pagination";

const items = [5, 3, 9, 1, 7, 2].map((n) => ({ id: n, rank: n % 3 }));
const byId = { value: (item: { id: number }) => item.id, id: (item: { id: number }) => item.id };
const ids = (connection: { nodes: { id: number }[] }) => connection.nodes.map((item) => item.id);

describe("paginate", () => {
  test("pages forward with first and after until there is no next page", () => {
    const first = paginate(items, { first: 4 }, byId);
    expect(ids(first)).toEqual([1, 2, 3, 5]);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.pageInfo.endCursor).toBe(first.edges[3]?.cursor);

    const second = paginate(items, { first: 4, after: first.pageInfo.endCursor }, byId);
    expect(ids(second)).toEqual([7, 9]);
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
  });

  test("pages backward with last and before", () => {
    const last = paginate(items, { last: 2 }, byId);
    expect(ids(last)).toEqual([7, 9]);
    expect(last.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });

    const earlier = paginate(items, { last: 3, before: last.pageInfo.startCursor }, byId);
    expect(ids(earlier)).toEqual([2, 3, 5]);
    expect(earlier.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
  });

  test("reverse flips the order, and cursors keep working in that order", () => {
    const first = paginate(items, { first: 2, reverse: true }, byId);
    expect(ids(first)).toEqual([9, 7]);
    const next = paginate(
      items,
      { first: 2, after: first.pageInfo.endCursor, reverse: true },
      byId,
    );
    expect(ids(next)).toEqual([5, 3]);
  });

  test("sorts by the sort value, breaking ties by id", () => {
    const byRank = { value: (item: { rank: number }) => item.rank, id: byId.id };
    expect(ids(paginate(items, { first: 6 }, byRank))).toEqual([3, 9, 1, 7, 2, 5]);
  });

  test("continues after a cursor whose node has since been deleted", () => {
    const first = paginate(items, { first: 3 }, byId);
    const withoutLast = items.filter((item) => item.id !== 3);
    const next = paginate(withoutLast, { first: 3, after: first.pageInfo.endCursor }, byId);
    expect(ids(next)).toEqual([5, 7, 9]);
  });

  test("an empty page has null cursors", () => {
    const empty = paginate([], { first: 10 }, byId);
    expect(empty).toEqual({
      edges: [],
      nodes: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    });
  });

  test("rejects missing or oversized page sizes and malformed cursors, as Shopify does", () => {
    expect(() => paginate(items, {}, byId)).toThrow("you must provide one of first or last");
    expect(() => paginate(items, { first: 1, last: 1 }, byId)).toThrow("not supported");
    expect(() => paginate(items, { first: 251 }, byId)).toThrow("between 0 and 250");
    expect(() => paginate(items, { first: 1, after: "bogus" }, byId)).toThrow("Invalid cursor");
  });
});
