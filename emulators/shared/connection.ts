import { GraphQLError } from "graphql";

// Shopify's cursor pagination for every `*Connection` field, after Relay's algorithm: after/before
// narrow the list, then first/last take the page. The Storefront and Customer Account APIs agree
// on that but differ in what a cursor holds and in a few rules, so each has a dialect below.

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
}

// Shopify's ceiling for `first`/`last`.
export const MAX_PAGE_SIZE = 250;

interface Dialect<T> {
  /** Throws when the API refuses these page sizes. */
  checkSizes(args: ConnectionArgs): void;
  cursorOf(item: T, index: number): string;
  /** Where a page after the cursor starts, and where a page before it ends. */
  locate(items: readonly T[], cursor: string): { after: number; before: number };
  /** Whether hasNextPage with `first` (hasPreviousPage with `last`) counts only the items between
   * the cursors, as the Customer Account API does, rather than the whole list. */
  pageInfoBetweenCursors: boolean;
}

function badRequest(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: "BAD_REQUEST" } });
}

function paginateWith<T>(
  items: readonly T[],
  args: ConnectionArgs,
  dialect: Dialect<T>,
): Connection<T> {
  const { first, after, last, before } = args;
  if (first == null && last == null) throw badRequest("you must provide one of first or last");
  dialect.checkSizes(args);

  let start = after ? Math.min(dialect.locate(items, after).after, items.length) : 0;
  let end = items.length;
  if (before) end = Math.max(Math.min(dialect.locate(items, before).before, end), start);
  const [lowerBound, upperBound] = dialect.pageInfoBetweenCursors
    ? [start, end]
    : [0, items.length];
  if (first != null) end = Math.min(end, start + first);
  if (last != null) start = Math.max(start, end - last);

  const edges = items.slice(start, end).map((node, index) => ({
    cursor: dialect.cursorOf(node, start + index),
    node,
  }));
  return {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: {
      hasNextPage: end < (first != null ? upperBound : items.length),
      hasPreviousPage: start > (last != null ? lowerBound : 0),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

function encodeCursor(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

function decodeCursor<K>(cursor: string, read: (value: Record<string, unknown>) => K | undefined) {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    const key =
      value && typeof value === "object" ? read(value as Record<string, unknown>) : undefined;
    if (key !== undefined) return key;
  } catch {
    // Reported below.
  }
  throw badRequest(`Invalid cursor: ${cursor}`);
}

// --- Storefront API: items come in order; a cursor names its item and remembers its position,
// so it stays valid when items are added before it.

export interface StorefrontConnection<T> extends Connection<T> {
  totalCount: number;
  filters: [];
  productFilters: [];
}

function checkStorefrontSize(name: string, value: number | null | undefined): void {
  if (value == null) return;
  if (value < 0) throw badRequest(`${name} must be a non-negative integer`);
  if (value > MAX_PAGE_SIZE) {
    throw badRequest(`${name} must be less than or equal to ${MAX_PAGE_SIZE}`);
  }
}

export function paginateInOrder<T>(
  items: readonly T[],
  args: ConnectionArgs,
  keyOf: (item: T) => string | number,
): StorefrontConnection<T> {
  const connection = paginateWith(items, args, {
    checkSizes: ({ first, last }) => {
      checkStorefrontSize("first", first);
      checkStorefrontSize("last", last);
    },
    cursorOf: (item, offset) => encodeCursor({ last_id: keyOf(item), offset }),
    locate: (list, cursor) => {
      const { last_id, offset } = decodeCursor(cursor, (value) =>
        (typeof value.last_id === "string" || typeof value.last_id === "number") &&
        Number.isInteger(value.offset)
          ? { last_id: value.last_id, offset: value.offset as number }
          : undefined,
      );
      // The item's position now, or where it was when the item is gone.
      const found = list.findIndex((item) => keyOf(item) === last_id);
      const index = found >= 0 ? found : Math.min(offset, list.length);
      return { after: index + 1, before: index };
    },
    pageInfoBetweenCursors: false,
  });
  return { ...connection, totalCount: items.length, filters: [], productFilters: [] };
}

// --- Customer Account API: items are sorted by a value, ties broken by id, and a cursor carries
// both (as Shopify's do), so paging continues when the item a cursor names has been deleted.

export interface SortedConnectionArgs extends ConnectionArgs {
  reverse?: boolean | null;
}

type SortKey = [string | number, number];

function compareKeys([valueA, idA]: SortKey, [valueB, idB]: SortKey): number {
  if (valueA < valueB) return -1;
  if (valueA > valueB) return 1;
  return idA - idB;
}

export function paginateSorted<T>(
  items: readonly T[],
  args: SortedConnectionArgs,
  sortBy: { value: (item: T) => string | number; id: (item: T) => number },
): Connection<T> {
  const direction = args.reverse ? -1 : 1;
  const keyOf = (item: T): SortKey => [sortBy.value(item), sortBy.id(item)];
  const compare = (a: SortKey, b: SortKey) => direction * compareKeys(a, b);
  const firstIndex = (list: readonly T[], test: (item: T) => boolean) => {
    const index = list.findIndex(test);
    return index < 0 ? list.length : index;
  };
  return paginateWith(
    [...items].sort((a, b) => compare(keyOf(a), keyOf(b))),
    args,
    {
      checkSizes: ({ first, last }) => {
        if (first != null && last != null) {
          throw badRequest("providing both first and last is not supported");
        }
        for (const [name, size] of [
          ["first", first],
          ["last", last],
        ] as const) {
          if (size != null && (size < 0 || size > MAX_PAGE_SIZE)) {
            throw badRequest(`${name} must be between 0 and ${MAX_PAGE_SIZE}`);
          }
        }
      },
      cursorOf: (item) => {
        const [value, id] = keyOf(item);
        return encodeCursor({ last_id: id, last_value: value });
      },
      locate: (list, cursor) => {
        const key = decodeCursor(
          cursor,
          ({ last_id: id, last_value: value }): SortKey | undefined =>
            typeof id === "number" && (typeof value === "string" || typeof value === "number")
              ? [value, id]
              : undefined,
        );
        return {
          after: firstIndex(list, (item) => compare(keyOf(item), key) > 0),
          before: firstIndex(list, (item) => compare(keyOf(item), key) >= 0),
        };
      },
      pageInfoBetweenCursors: true,
    },
  );
}

/** Turns a page of stored records into GraphQL nodes, the same node object in edges and nodes. */
export function mapConnection<T, U>(
  connection: Connection<T>,
  toNode: (item: T) => U,
): Connection<U> {
  const edges = connection.edges.map((edge) => ({ cursor: edge.cursor, node: toNode(edge.node) }));
  return { edges, nodes: edges.map((edge) => edge.node), pageInfo: connection.pageInfo };
}
