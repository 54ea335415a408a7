import { GraphQLError } from "graphql";

// One implementation of Shopify's cursor pagination for every `*Connection` field: Relay's
// algorithm (after/before first, then first/last) with opaque base64 cursors that name the item,
// so a cursor stays valid when items are added before it.

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  nodes: T[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
  totalCount: number;
  filters: [];
  productFilters: [];
}

// Shopify's ceiling for `first`/`last`.
export const MAX_PAGE_SIZE = 250;

export function encodeCursor(key: string | number, offset: number): string {
  return Buffer.from(JSON.stringify({ last_id: key, offset })).toString("base64url");
}

function decodeCursor(cursor: string): { last_id: string | number; offset: number } {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      (typeof value.last_id === "string" || typeof value.last_id === "number") &&
      Number.isInteger(value.offset)
    ) {
      return value;
    }
  } catch {
    // reported below
  }
  throw new GraphQLError(`Invalid cursor: ${cursor}`, { extensions: { code: "BAD_REQUEST" } });
}

function checkCount(name: string, value: number | null | undefined): void {
  if (value == null) return;
  if (value < 0) {
    throw new GraphQLError(`${name} must be a non-negative integer`, {
      extensions: { code: "BAD_REQUEST" },
    });
  }
  if (value > MAX_PAGE_SIZE) {
    throw new GraphQLError(`${name} must be less than or equal to ${MAX_PAGE_SIZE}`, {
      extensions: { code: "BAD_REQUEST" },
    });
  }
}

/** Index of the item a cursor names, falling back to its position when the item is gone. */
function cursorIndex<T>(
  items: readonly T[],
  cursor: string,
  keyOf: (item: T) => string | number,
): number {
  const { last_id, offset } = decodeCursor(cursor);
  const index = items.findIndex((item) => keyOf(item) === last_id);
  return index >= 0 ? index : Math.min(offset, items.length);
}

export function paginate<T>(
  items: readonly T[],
  args: ConnectionArgs,
  keyOf: (item: T) => string | number,
): Connection<T> {
  const { first, after, last, before } = args;
  if (first == null && last == null) {
    throw new GraphQLError("you must provide one of first or last", {
      extensions: { code: "BAD_REQUEST" },
    });
  }
  checkCount("first", first);
  checkCount("last", last);

  let start = 0;
  let end = items.length;
  if (after) start = Math.min(cursorIndex(items, after, keyOf) + 1, items.length);
  if (before) end = Math.max(Math.min(cursorIndex(items, before, keyOf), end), start);
  if (first != null) end = Math.min(end, start + first);
  if (last != null) start = Math.max(start, end - last);

  const edges = items.slice(start, end).map((node, index) => ({
    cursor: encodeCursor(keyOf(node), start + index),
    node,
  }));
  return {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: items.length,
    filters: [],
    productFilters: [],
  };
}
