import { type ApiDocument, isRecord } from "./content-store";
import {
  type FieldPath,
  type Ordering,
  type Predicate,
  type QueryScalar,
  type QueryValue,
  toTime,
} from "./query-language";

export interface SearchCriteria {
  predicates: readonly Predicate[];
  orderings: readonly Ordering[];
  /** A language code, or `*` for every language. */
  lang: string;
  /** Only documents after this id in the ordered results (Prismic's `after`). */
  after?: string;
}

/** Filters and orders the documents; pagination is the caller's. */
export function searchDocuments(
  documents: readonly ApiDocument[],
  criteria: SearchCriteria,
): ApiDocument[] {
  const matches = documents.filter(
    (document) =>
      (criteria.lang === "*" || document.lang.toLowerCase() === criteria.lang.toLowerCase()) &&
      criteria.predicates.every((predicate) => matchesPredicate(document, predicate)),
  );
  const ordered = matches.sort((a, b) => compareDocuments(a, b, criteria.orderings));
  if (criteria.after === undefined) return ordered;
  const index = ordered.findIndex((document) => document.id === criteria.after);
  return index === -1 ? ordered : ordered.slice(index + 1);
}

/** The custom types a set of predicates is about, for targeting faults. */
export function targetedTypes(predicates: readonly Predicate[]): Set<string> {
  const types = new Set<string>();
  for (const predicate of predicates) {
    const { path } = predicate;
    if (path.kind === "custom") types.add(path.type);
    if (path.kind !== "document" || path.field !== "type") continue;
    if (predicate.name === "at" && typeof predicate.value === "string") types.add(predicate.value);
    if (predicate.name === "any" || predicate.name === "in") {
      for (const value of predicate.values) if (typeof value === "string") types.add(value);
    }
  }
  return types;
}

/**
 * `my.<type>.…` predicates only ever match documents of that type — `not` and `missing`
 * included — so a query about one type never returns another.
 */
function matchesPredicate(document: ApiDocument, predicate: Predicate): boolean {
  const { path } = predicate;
  if (path.kind === "custom" && document.type !== path.type) return false;
  if (predicate.name === "fulltext") return matchesFulltext(document, path, predicate.terms);
  const values = fieldValues(document, path);
  switch (predicate.name) {
    case "at":
      return isAt(values, predicate.value);
    case "not":
      return !isAt(values, predicate.value);
    case "any":
    case "in":
      return values.some((value) => predicate.values.some((wanted) => isEqual(value, wanted)));
    case "has":
      return values.length > 0;
    case "missing":
      return values.length === 0;
    case "number.lt":
      return numbersOf(values).some((value) => value < predicate.bound);
    case "number.gt":
      return numbersOf(values).some((value) => value > predicate.bound);
    case "number.inRange":
      return numbersOf(values).some(
        (value) => value >= predicate.lower && value <= predicate.upper,
      );
    case "date.after":
      return timesOf(values).some((time) => time > predicate.bound);
    case "date.before":
      return timesOf(values).some((time) => time < predicate.bound);
    case "date.between":
      return timesOf(values).some((time) => time >= predicate.lower && time <= predicate.upper);
  }
}

/** With a list, `at` means "has all of them" (as for tags); with one value, "has it". */
function isAt(values: QueryScalar[], wanted: QueryValue): boolean {
  if (Array.isArray(wanted)) return wanted.every((item) => isAt(values, item));
  return values.some((value) => isEqual(value, wanted));
}

function isEqual(value: QueryScalar, wanted: QueryScalar): boolean {
  if (typeof value === typeof wanted) return value === wanted;
  if (typeof value === "number" && typeof wanted === "string") return String(value) === wanted;
  if (typeof value === "string" && typeof wanted === "number") return value === String(wanted);
  return false;
}

function numbersOf(values: QueryScalar[]): number[] {
  return values.flatMap((value) => {
    const number = typeof value === "string" ? Number(value) : value;
    return typeof number === "number" && Number.isFinite(number) ? [number] : [];
  });
}

function timesOf(values: QueryScalar[]): number[] {
  return values.flatMap((value) => {
    const time =
      typeof value === "string" ? toTime(value) : typeof value === "number" ? value : NaN;
    return Number.isNaN(time) ? [] : [time];
  });
}

/** The comparable values of a field: link ids, rich text as plain text, group items flattened. */
function fieldValues(document: ApiDocument, path: FieldPath): QueryScalar[] {
  switch (path.kind) {
    case "document-text":
      return [];
    case "document":
      return path.field === "tags" ? document.tags : [document[path.field]];
    case "custom": {
      if (path.segments.length === 1 && path.segments[0] === "uid") {
        return document.uid ? [document.uid] : [];
      }
      return valuesAt(document.data, path.segments);
    }
  }
}

function valuesAt(value: unknown, segments: readonly string[]): QueryScalar[] {
  if (Array.isArray(value) && !isRichText(value)) {
    return value.flatMap((item) => valuesAt(item, segments));
  }
  const [segment, ...rest] = segments;
  if (segment === undefined) return scalarsOf(value);
  return isRecord(value) ? valuesAt(value[segment], rest) : [];
}

function scalarsOf(value: unknown): QueryScalar[] {
  if (typeof value === "string") return value === "" ? [] : [value];
  if (typeof value === "number" || typeof value === "boolean") return [value];
  if (Array.isArray(value)) {
    if (!isRichText(value)) return value.flatMap(scalarsOf);
    const text = richTextToPlainText(value);
    return text ? [text] : [];
  }
  if (!isRecord(value)) return [];
  if ("link_type" in value) {
    if (value.link_type === "Document") return typeof value.id === "string" ? [value.id] : [];
    return typeof value.url === "string" && value.url ? [value.url] : [];
  }
  if ("dimensions" in value || "url" in value) {
    return typeof value.url === "string" && value.url ? [value.url] : [];
  }
  return Object.values(value).flatMap(scalarsOf);
}

function isRichText(value: unknown[]): boolean {
  return (
    value.length > 0 &&
    value.every(
      (block) =>
        isRecord(block) &&
        typeof block.type === "string" &&
        ("text" in block || block.type === "image" || block.type === "embed"),
    )
  );
}

function richTextToPlainText(blocks: unknown[]): string {
  return blocks
    .map((block) => (isRecord(block) && typeof block.text === "string" ? block.text : ""))
    .filter(Boolean)
    .join("\n");
}

/** Keys whose strings are structure, not words a visitor reads. */
const NON_TEXT_KEYS = new Set([
  "id",
  "url",
  "link_type",
  "type",
  "lang",
  "slug",
  "target",
  "variation",
  "version",
  "slice_type",
  "kind",
  "background",
]);

function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  // A link's strings describe its target, not this document.
  if (!isRecord(value) || "link_type" in value) return [];
  return Object.entries(value).flatMap(([key, field]) =>
    NON_TEXT_KEYS.has(key) ? [] : textsOf(field),
  );
}

function normaliseText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** Every whitespace-separated term must occur, case- and accent-insensitively. */
function matchesFulltext(document: ApiDocument, path: FieldPath, terms: string): boolean {
  const texts =
    path.kind === "document-text"
      ? textsOf(document.data)
      : fieldValues(document, path).filter((value) => typeof value === "string");
  const haystack = normaliseText(texts.join("\n"));
  return normaliseText(terms)
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => haystack.includes(term));
}

function isDate(value: QueryScalar): value is string {
  return (
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(toTime(value))
  );
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Missing values sort last in either direction; the id breaks ties so pages are stable. */
function compareDocuments(a: ApiDocument, b: ApiDocument, orderings: readonly Ordering[]): number {
  for (const { path, direction } of orderings) {
    const left = fieldValues(a, path)[0];
    const right = fieldValues(b, path)[0];
    if (left === undefined || right === undefined) {
      if (left !== right) return left === undefined ? 1 : -1;
      continue;
    }
    const order =
      typeof left === "number" && typeof right === "number"
        ? left - right
        : isDate(left) && isDate(right)
          ? toTime(left) - toTime(right)
          : collator.compare(String(left), String(right));
    if (order !== 0) return direction === "desc" ? -order : order;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
