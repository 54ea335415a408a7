import { GraphQLError } from "graphql";

export interface ConnectionArguments {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  reverse?: boolean | null;
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

type SortValue = string | number;

// Shopify rejects pages larger than 250 items.
export const MAX_PAGE_SIZE = 250;

/**
 * Shopify's cursor pagination for any `*Connection` field. Cursors carry the node's sort value and
 * id (as Shopify's do), so paging continues correctly when the node a cursor points at has been
 * deleted in the meantime.
 */
export function paginate<T>(
  items: readonly T[],
  args: ConnectionArguments,
  sortBy: { value: (item: T) => SortValue; id: (item: T) => number },
): Connection<T> {
  const { first, after, last, before, reverse } = args;
  if (first == null && last == null) {
    throw new GraphQLError("you must provide one of first or last", {
      extensions: { code: "BAD_REQUEST" },
    });
  }
  if (first != null && last != null) {
    throw new GraphQLError("providing both first and last is not supported", {
      extensions: { code: "BAD_REQUEST" },
    });
  }
  for (const [name, size] of [
    ["first", first],
    ["last", last],
  ] as const) {
    if (size != null && (size < 0 || size > MAX_PAGE_SIZE)) {
      throw new GraphQLError(`${name} must be between 0 and ${MAX_PAGE_SIZE}`, {
        extensions: { code: "BAD_REQUEST" },
      });
    }
  }

  const direction = reverse ? -1 : 1;
  const keyOf = (item: T): Key => [sortBy.value(item), sortBy.id(item)];
  const ordered = [...items].sort((a, b) => direction * compareKeys(keyOf(a), keyOf(b)));
  const afterKey = after ? decodeCursor(after) : undefined;
  const beforeKey = before ? decodeCursor(before) : undefined;

  let start = 0;
  let end = ordered.length;
  if (afterKey) {
    const index = ordered.findIndex((item) => direction * compareKeys(keyOf(item), afterKey) > 0);
    start = index < 0 ? ordered.length : index;
  }
  if (beforeKey) {
    const index = ordered.findIndex((item) => direction * compareKeys(keyOf(item), beforeKey) >= 0);
    end = Math.max(start, index < 0 ? ordered.length : index);
  }

  let page = ordered.slice(start, end);
  let hasNextPage = end < ordered.length;
  let hasPreviousPage = start > 0;
  if (first != null) {
    hasNextPage = page.length > first;
    page = page.slice(0, first);
  } else if (last != null) {
    hasPreviousPage = page.length > last;
    page = page.slice(Math.max(0, page.length - last));
  }

  const edges = page.map((node) => ({ cursor: encodeCursor(keyOf(node)), node }));
  return {
    edges,
    nodes: page,
    pageInfo: {
      hasNextPage,
      hasPreviousPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** Turns a page of stored records into GraphQL nodes, the same node object in edges and nodes. */
export function mapConnection<T, U>(
  connection: Connection<T>,
  toNode: (item: T) => U,
): Connection<U> {
  const edges = connection.edges.map((edge) => ({ cursor: edge.cursor, node: toNode(edge.node) }));
  return { edges, nodes: edges.map((edge) => edge.node), pageInfo: connection.pageInfo };
}

type Key = [SortValue, number];

function compareKeys([valueA, idA]: Key, [valueB, idB]: Key): number {
  if (valueA < valueB) return -1;
  if (valueA > valueB) return 1;
  return idA - idB;
}

function encodeCursor([value, id]: Key): string {
  return Buffer.from(JSON.stringify({ last_id: id, last_value: value })).toString("base64url");
}

function decodeCursor(cursor: string): Key {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (decoded && typeof decoded === "object" && "last_id" in decoded && "last_value" in decoded) {
      const { last_id: id, last_value: value } = decoded;
      if (typeof id === "number" && (typeof value === "string" || typeof value === "number")) {
        return [value, id];
      }
    }
  } catch {
    // Falls through to the error below.
  }
  throw new GraphQLError(`Invalid cursor: ${cursor}`, { extensions: { code: "BAD_REQUEST" } });
}
