// A base no request can name: a target that resolves elsewhere leaves this origin.
const BASE = "http://x.invalid";
// Browsers strip TAB, CR and LF from URLs (`/\t/evil.example` becomes `//evil.example`), and a
// CR or LF in a Location header would inject a header.
const hasControlCharacter = (value: string) =>
  Array.from(value).some((character) => character <= "\u001f" || character === "\u007f");
// Longer than any URL of this site; keeps a Location header small.
const MAX_LENGTH = 2048;

/**
 * A redirect target taken from a request, kept to this site: a path that resolves to the same
 * origin, never another one (`//host`, `/\host`, `https://host`, `javascript:`) nor a header
 * injection. Anything else becomes `fallback`.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  if (value.includes("\\") || hasControlCharacter(value)) return fallback;
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}
