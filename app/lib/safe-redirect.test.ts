import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const SHOP = "https://shop.example";

describe("safeRedirectPath", () => {
  it.each([
    ["/\\evil.example", "/"],
    ["//evil.example", "/"],
    ["https://evil.example", "/"],
    ["/%5Cevil.example", "/"],
    ["/%5cevil.example", "/"],
    ["/%2F/evil.example", "/"],
    ["/%2f%2fevil.example", "/"],
    ["/..//evil.example", "/"],
    ["/.//evil.example", "/"],
    ["/%2e%2e//evil.example", "/"],
    ["/.%2E//evil.example", "/"],
    ["/x/../..//evil.example", "/"],
    ["/./\\evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/\r\nSet-Cookie: x=1", "/"],
    ["/\u0000evil", "/"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    [`/${"a".repeat(2048)}`, "/"],
    ["/store/products/p", "/store/products/p"],
    ["/store/products/../collections/pumps", "/store/collections/pumps"],
    ["/news/a%2Fb", "/news/a%2Fb"],
    [
      "/store/collections/pumps?sort=price-asc&tag=pool",
      "/store/collections/pumps?sort=price-asc&tag=pool",
    ],
    ["/search?q=//evil.example", "/search?q=//evil.example"],
    ["/account/orders/1?x=1#top", "/account/orders/1?x=1#top"],
  ])("keeps %j to this site (%j)", (value, expected) => {
    const target = safeRedirectPath(value);
    expect(target).toBe(expected);
    expect(new URL(target, SHOP).origin).toBe(SHOP);
  });

  it("answers the caller's fallback, not the target's path, for a target on another host", () => {
    // With "/" as the fallback, a target that lands on the home page of another host and one
    // refused outright look alike; a fallback of the caller's own tells them apart.
    expect(safeRedirectPath("//evil.example/account", "/account/orders")).toBe("/account/orders");
    expect(safeRedirectPath("/..//evil.example/x", "/account/orders")).toBe("/account/orders");
  });

  it("refuses a relative target, which a browser would resolve against the current page", () => {
    expect(safeRedirectPath("store/products/p", "/account")).toBe("/account");
    expect(safeRedirectPath("?q=pumps", "/account")).toBe("/account");
  });

  it("refuses every control character, the last of them (US, DEL) included", () => {
    expect(safeRedirectPath("/a\u001fb", "/account")).toBe("/account");
    expect(safeRedirectPath("/a\u007fb", "/account")).toBe("/account");
    expect(safeRedirectPath("/a\u0020b", "/account")).toBe("/a%20b");
  });

  it("keeps a target of exactly the longest length, and refuses one a character longer", () => {
    const longest = `/${"a".repeat(2047)}`;
    expect(safeRedirectPath(longest, "/account")).toBe(longest);
    expect(safeRedirectPath(`${longest}a`, "/account")).toBe("/account");
  });

  it("keeps doubled slashes past the start of the path: only a leading pair names a host", () => {
    expect(safeRedirectPath("/store/products//p", "/account")).toBe("/store/products//p");
    expect(safeRedirectPath("/news/a/%2Fb", "/account")).toBe("/news/a/%2Fb");
  });

  it("answers the fallback for anything but a string", () => {
    for (const value of [null, undefined, 7, { toString: () => "/" }]) {
      expect(safeRedirectPath(value, "/account")).toBe("/account");
    }
  });

  // What an attacker strings together: slashes of both kinds, dot segments plain and encoded,
  // encoded slashes, hosts, schemes, credentials, control characters and ordinary path text.
  const pieces = fc.constantFrom(
    "/",
    "\\",
    ".",
    "..",
    "%2e",
    "%2E%2e",
    "%2f",
    "%2F",
    "%5c",
    "%5C",
    "%25",
    "evil.example",
    "evil.example:443",
    "user@",
    "https:",
    "javascript:",
    ":",
    "?",
    "#",
    "\t",
    "\n",
    "\r",
    "\u0000",
    "\u007f",
    " ",
    "store",
    "a",
  );
  const targets = fc.oneof(
    fc.array(pieces, { maxLength: 10 }).map((parts) => parts.join("")),
    fc.array(pieces, { maxLength: 10 }).map((parts) => `/${parts.join("")}`),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.webUrl(),
  );
  const bases = fc.constantFrom(SHOP, `${SHOP}/`, `${SHOP}/store/products/p`, `${SHOP}/a/b/c?d#e`);

  it("always answers a path of this site, wherever a browser resolves it from", () => {
    fc.assert(
      fc.property(targets, bases, (value, base) => {
        const target = safeRedirectPath(value);
        const resolved = new URL(target, base);
        expect(resolved.origin).toBe(SHOP);
        expect(target.startsWith("/")).toBe(true);
        expect(resolved.pathname).not.toMatch(/^\/[/\\]/);
        expect(target).not.toMatch(/^\/[/\\]/);
        const unsafe = [...target].filter((c) => c <= "\u001f" || c === "\u007f" || c === "\\");
        expect(unsafe).toEqual([]);
      }),
      { numRuns: 5_000 },
    );
  });

  it("is settled: a target it answers is answered unchanged", () => {
    fc.assert(
      fc.property(targets, (value) => {
        const target = safeRedirectPath(value);
        expect(safeRedirectPath(target, "/fallback")).toBe(target);
      }),
      { numRuns: 5_000 },
    );
  });
});
