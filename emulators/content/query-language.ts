// Prismic's query language as @prismicio/client writes it: each `q` parameter holds
// `[[at(document.type, "x")][any(document.tags, ["a", "b"])]]`, and `orderings` holds
// `[my.news_blog_page.date desc,document.first_publication_date]`.

export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | QueryValue[];

export type DocumentField =
  | "type"
  | "id"
  | "tags"
  | "first_publication_date"
  | "last_publication_date";

export type FieldPath =
  | { kind: "document"; field: DocumentField }
  /** `document` on its own: every text of the document, for `fulltext` only. */
  | { kind: "document-text" }
  /** `my.<type>.<field>[.<subfield>…]`; `segments[0]` is `uid` for the UID. */
  | { kind: "custom"; type: string; segments: string[] };

export type Predicate =
  | { name: "at" | "not"; path: FieldPath; value: QueryValue }
  | { name: "any" | "in"; path: FieldPath; values: QueryScalar[] }
  | { name: "fulltext"; path: FieldPath; terms: string }
  | { name: "has" | "missing"; path: FieldPath }
  | { name: "number.lt" | "number.gt"; path: FieldPath; bound: number }
  | { name: "number.inRange"; path: FieldPath; lower: number; upper: number }
  | { name: "date.after" | "date.before"; path: FieldPath; bound: number }
  | { name: "date.between"; path: FieldPath; lower: number; upper: number };

export interface Ordering {
  path: FieldPath;
  direction: "asc" | "desc";
}

export class QuerySyntaxError extends Error {
  override name = "QuerySyntaxError";
}

const DOCUMENT_FIELDS = new Set<string>([
  "type",
  "id",
  "tags",
  "first_publication_date",
  "last_publication_date",
]);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;

export function parseFieldPath(raw: string): FieldPath {
  const parts = raw.split(".");
  if (raw === "document") return { kind: "document-text" };
  if (parts[0] === "document" && parts.length === 2 && DOCUMENT_FIELDS.has(parts[1] ?? "")) {
    return { kind: "document", field: parts[1] as DocumentField };
  }
  const [root, type, ...segments] = parts;
  if (
    root === "my" &&
    type !== undefined &&
    IDENTIFIER.test(type) &&
    segments.length > 0 &&
    segments.every((segment) => IDENTIFIER.test(segment))
  ) {
    return { kind: "custom", type, segments };
  }
  throw new QuerySyntaxError(`unexpected field '${raw}'`);
}

class Cursor {
  position = 0;
  constructor(readonly source: string) {}

  fail(message: string): never {
    throw new QuerySyntaxError(
      `${message} at column ${this.position + 1} in query '${this.source}'`,
    );
  }

  skipSpaces(): void {
    while (/\s/.test(this.source[this.position] ?? "")) this.position++;
  }

  peek(): string | undefined {
    this.skipSpaces();
    return this.source[this.position];
  }

  expect(character: string): void {
    if (this.peek() !== character) {
      this.fail(`expected '${character}' but found ${this.describeNext()}`);
    }
    this.position++;
  }

  describeNext(): string {
    const next = this.source[this.position];
    return next === undefined ? "end of query" : `'${next}'`;
  }

  readWhile(pattern: RegExp): string {
    const start = this.position;
    while (pattern.test(this.source[this.position] ?? "")) this.position++;
    return this.source.slice(start, this.position);
  }
}

/** Parses one `q` parameter into its predicates. */
export function parseQuery(source: string): Predicate[] {
  const cursor = new Cursor(source);
  cursor.expect("[");
  const predicates: Predicate[] = [];
  while (cursor.peek() === "[") predicates.push(parsePredicate(cursor));
  cursor.expect("]");
  if (cursor.peek() !== undefined) cursor.fail("unexpected characters after the query");
  return predicates;
}

type RawArgument = { kind: "path"; raw: string } | { kind: "value"; value: QueryValue };

function parsePredicate(cursor: Cursor): Predicate {
  cursor.expect("[");
  // Document `href`s use the older `[[:d = at(document.id, "…") ]]` form.
  if (cursor.peek() === ":") {
    cursor.position++;
    cursor.readWhile(/[A-Za-z]/);
    cursor.expect("=");
  }
  cursor.skipSpaces();
  const nameStart = cursor.position;
  const name = cursor.readWhile(/[A-Za-z.-]/);
  if (!name) cursor.fail(`expected a predicate name but found ${cursor.describeNext()}`);
  cursor.expect("(");
  const args: RawArgument[] = [];
  if (cursor.peek() !== ")") {
    args.push(parseArgument(cursor));
    while (cursor.peek() === ",") {
      cursor.position++;
      args.push(parseArgument(cursor));
    }
  }
  cursor.expect(")");
  cursor.expect("]");
  try {
    return buildPredicate(name, args);
  } catch (error) {
    if (!(error instanceof QuerySyntaxError)) throw error;
    cursor.position = nameStart;
    return cursor.fail(error.message);
  }
}

function parseArgument(cursor: Cursor): RawArgument {
  const next = cursor.peek();
  if (next !== undefined && /[A-Za-z_]/.test(next)) {
    const word = cursor.readWhile(/[A-Za-z0-9_.-]/);
    if (word === "true" || word === "false") return { kind: "value", value: word === "true" };
    return { kind: "path", raw: word };
  }
  return { kind: "value", value: parseValue(cursor) };
}

function parseValue(cursor: Cursor): QueryValue {
  const next = cursor.peek();
  if (next === '"') return parseString(cursor);
  if (next === "[") {
    cursor.position++;
    const items: QueryValue[] = [];
    if (cursor.peek() !== "]") {
      items.push(parseValue(cursor));
      while (cursor.peek() === ",") {
        cursor.position++;
        items.push(parseValue(cursor));
      }
    }
    cursor.expect("]");
    return items;
  }
  if (next !== undefined && /[-\d]/.test(next)) {
    const literal = cursor.readWhile(/[-+\d.eE]/);
    const value = Number(literal);
    if (literal === "" || !Number.isFinite(value)) cursor.fail(`invalid number '${literal}'`);
    return value;
  }
  if (next !== undefined && /[a-z]/.test(next)) {
    const word = cursor.readWhile(/[a-z]/);
    if (word === "true" || word === "false") return word === "true";
  }
  return cursor.fail(`expected a value but found ${cursor.describeNext()}`);
}

function parseString(cursor: Cursor): string {
  cursor.expect('"');
  let text = "";
  for (;;) {
    const character = cursor.source[cursor.position];
    if (character === undefined) cursor.fail("unterminated string");
    cursor.position++;
    if (character === '"') return text;
    if (character === "\\") {
      const escaped = cursor.source[cursor.position];
      if (escaped === undefined) cursor.fail("unterminated string");
      cursor.position++;
      text += escaped === '"' || escaped === "\\" ? escaped : `\\${escaped}`;
    } else {
      text += character;
    }
  }
}

const PREDICATE_NAMES = new Set([
  "at",
  "not",
  "any",
  "in",
  "fulltext",
  "has",
  "missing",
  "number.lt",
  "number.gt",
  "number.inRange",
  "date.after",
  "date.before",
  "date.between",
]);

function buildPredicate(name: string, args: RawArgument[]): Predicate {
  if (!PREDICATE_NAMES.has(name)) throw new QuerySyntaxError(`unexpected predicate '${name}'`);
  const [first, ...rest] = args;
  if (first?.kind !== "path") {
    throw new QuerySyntaxError(`${name}() expects a field path as its first argument`);
  }
  const path = parseFieldPath(first.raw);
  if (path.kind === "document-text" && name !== "fulltext") {
    throw new QuerySyntaxError(`unexpected field 'document' in ${name}()`);
  }
  const values = rest.map((argument) => {
    if (argument.kind === "path") {
      throw new QuerySyntaxError(
        `${name}() expects values after the field, found '${argument.raw}'`,
      );
    }
    return argument.value;
  });
  const arity = (count: number) => {
    if (values.length !== count) {
      throw new QuerySyntaxError(
        `${name}() expects ${count + 1} argument${count === 0 ? "" : "s"}, got ${args.length}`,
      );
    }
  };

  switch (name) {
    case "at":
    case "not":
      arity(1);
      return { name, path, value: values[0] as QueryValue };
    case "any":
    case "in": {
      arity(1);
      const list = values[0];
      if (!Array.isArray(list) || list.some((item) => Array.isArray(item))) {
        throw new QuerySyntaxError(`${name}() expects a list of values`);
      }
      return { name, path, values: list as QueryScalar[] };
    }
    case "fulltext": {
      arity(1);
      const terms = values[0];
      if (typeof terms !== "string") throw new QuerySyntaxError("fulltext() expects a string");
      return { name, path, terms };
    }
    case "has":
    case "missing":
      arity(0);
      return { name, path };
    case "number.lt":
    case "number.gt":
      arity(1);
      return { name, path, bound: expectNumber(name, values[0]) };
    case "number.inRange":
      arity(2);
      return {
        name,
        path,
        lower: expectNumber(name, values[0]),
        upper: expectNumber(name, values[1]),
      };
    case "date.after":
    case "date.before":
      arity(1);
      return { name, path, bound: expectDate(name, values[0]) };
    case "date.between":
      arity(2);
      return {
        name,
        path,
        lower: expectDate(name, values[0]),
        upper: expectDate(name, values[1]),
      };
    default:
      throw new QuerySyntaxError(`unexpected predicate '${name}'`);
  }
}

function expectNumber(name: string, value: QueryValue | undefined): number {
  if (typeof value !== "number") throw new QuerySyntaxError(`${name}() expects a number`);
  return value;
}

function expectDate(name: string, value: QueryValue | undefined): number {
  const time = typeof value === "number" ? value : typeof value === "string" ? toTime(value) : NaN;
  if (Number.isNaN(time)) throw new QuerySyntaxError(`${name}() expects a date`);
  return time;
}

/** Milliseconds since the epoch for ISO dates and Prismic's `2024-05-01T10:00:00+0000`. */
export function toTime(value: string): number {
  return Date.parse(value);
}

/** Parses the `orderings` parameter. */
export function parseOrderings(source: string): Ordering[] {
  const trimmed = source.trim();
  if (!trimmed.startsWith("[") || !trimmed.endsWith("]")) {
    throw new QuerySyntaxError(`orderings must be a bracketed list, got '${source}'`);
  }
  const inner = trimmed.slice(1, -1).trim();
  if (!inner) return [];
  return inner.split(",").map((entry) => {
    const [field, direction, ...extra] = entry.trim().split(/\s+/);
    if (!field || extra.length > 0 || (direction && direction !== "desc" && direction !== "asc")) {
      throw new QuerySyntaxError(`invalid ordering '${entry.trim()}' in '${source}'`);
    }
    const path = parseFieldPath(field);
    if (path.kind === "document-text") {
      throw new QuerySyntaxError(`cannot order by 'document' in '${source}'`);
    }
    return { path, direction: direction === "desc" ? "desc" : "asc" };
  });
}
