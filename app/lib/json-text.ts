/**
 * Loader data sent to the browser as one JSON text instead of as objects (decision 009). React
 * Router encodes loader data value by value, in JavaScript, on every request: for a product page's
 * shell and product, about a tenth of the page's server time. A large value that many requests
 * share (the shell, a product's page data; the cache hands out the same frozen objects) is
 * stringified once, by V8, and the encoding then carries one string.
 *
 * Only plain JSON may go in (strings, numbers, booleans, null, arrays and objects): the text is
 * read with JSON.parse, so `undefined` members vanish and a Date would come back as a string.
 *
 * The text escapes `<`, `>`, `&` and every character above U+00FF as `\u` sequences, as JSON
 * allows, once per text. React Router escapes the first three (and the line separators) again in
 * the page's data script, one callback per character, on every request: a text made here holds
 * none of them (a product description's markup held hundreds), so that pass finds nothing. And a
 * text of Latin-1 characters only is a one-byte string in V8: half the memory in each of the
 * copies React Router makes of it on every request (a single en dash made a page's text
 * two-byte).
 *
 * A value made for one request may go in too (the cart, with its form key): one V8 stringify
 * costs less than React Router's encoding of its objects, and the cart's text keeps the page's
 * data one-byte where a product's en dash in it made all of it two-byte (decision 009). Such texts
 * pass through the values remembered below like the rest; a shared text they push out is parsed
 * again, once, when it is next read.
 */

declare const textOf: unique symbol;

/** The JSON text of a `T`, as a loader returns it and a component reads it with `readJsonText`. */
export type JsonText<T> = string & { readonly [textOf]: T };

const texts = new WeakMap<object, string>();
/** The values behind texts made or read here, so that reading a text again gives the same object. */
const values = new Map<string, unknown>();
const MAX_VALUES = 64;
const UNICODE_ESCAPED = /[<>&\u0100-\uffff]/g;
const unicodeEscape = (character: string) =>
  `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;

function remember(text: string, value: unknown): void {
  // Oldest first: a Map keeps its insertion order.
  if (values.size >= MAX_VALUES) values.delete(values.keys().next().value as string);
  values.set(text, value);
}

/** The value's JSON text; the same string for the same object, stringified once. */
export function jsonText<T extends object>(value: T): JsonText<T> {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value).replace(UNICODE_ESCAPED, unicodeEscape);
    texts.set(value, text);
    remember(text, value);
  }
  return text as JsonText<T>;
}

/**
 * The value of a text. The server gets back the very object the text was made from; the browser
 * parses a text once and keeps the result.
 */
export function readJsonText<T>(text: JsonText<T>): T {
  let value = values.get(text);
  if (value === undefined) {
    value = JSON.parse(text);
    remember(text, value);
  }
  return value as T;
}
