// A base no request can name: a target that resolves elsewhere leaves this origin.
const BASE = "http://x.invalid";
// Browsers strip TAB, CR and LF from URLs (`/\t/evil.example` becomes `//evil.example`), and a
// CR or LF in a Location header would inject a header.
const hasControlCharacter = (value: string) =>
  Array.from(value).some((character) => character <= "\u001f" || character === "\u007f");
// A path that starts with two slashes (or a slash and a backslash, which browsers read as one) is
// another host to a browser. Encoded, it is one decoding away from being one.
const NAMES_A_HOST = /^\/(?:[/\\]|%2f|%5c)/i;
// Longer than any URL of this site; keeps a Location header small.
const MAX_LENGTH = 2048;

/**
 * The one rule for a redirect target taken from a request: a path of this site, never another
 * origin (`//host`, `/\host`, `https://host`, `javascript:`) nor a header injection. The target
 * is resolved first, dot segments and all (`/..//host` and `/%2e%2e//host` are `//host`), and the
 * result is checked. Anything else becomes `fallback`.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return fallback;
  if (!value.startsWith("/") || value.includes("\\") || hasControlCharacter(value)) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || NAMES_A_HOST.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
