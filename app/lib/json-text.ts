/**
 * Loader data sent to the browser as one JSON text instead of as objects (decision 009). React
 * Router encodes loader data value by value, in JavaScript, on every request: for a product page's
 * shell and product, about a tenth of the page's server time. A large value that many requests
 * share (the shell, a product's page data; the cache hands out the same frozen objects) is
 * stringified once, by V8, and the encoding then carries one string.
 *
 * Only plain JSON may go in (strings, numbers, booleans, null, arrays and objects): the text is
 * read with JSON.parse, so `undefined` members vanish and a Date would come back as a string.
 */

declare const textOf: unique symbol;

/** The JSON text of a `T`, as a loader returns it and a component reads it with `readJsonText`. */
export type JsonText<T> = string & { readonly [textOf]: T };

const texts = new WeakMap<object, string>();
/** The values behind texts made or read here, so that reading a text again gives the same object. */
const values = new Map<string, unknown>();
const MAX_VALUES = 64;

function remember(text: string, value: unknown): void {
  // Oldest first: a Map keeps its insertion order.
  if (values.size >= MAX_VALUES) values.delete(values.keys().next().value as string);
  values.set(text, value);
}

/** The value's JSON text; the same string for the same object, stringified once. */
export function jsonText<T extends object>(value: T): JsonText<T> {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
    remember(text, value);
  }
  return text as JsonText<T>;
}

/**
 * The value of a text. The server gets back the very object the text was made from (markup shared
 * by identity stays shared, <SharedMarkup>); the browser parses a text once and keeps the result.
 */
export function readJsonText<T>(text: JsonText<T>): T {
  let value = values.get(text);
  if (value === undefined) {
    value = JSON.parse(text);
    remember(text, value);
  }
  return value as T;
}
