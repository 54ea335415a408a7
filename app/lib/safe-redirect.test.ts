import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const SHOP = "https://shop.example";

describe("safeRedirectPath", () => {
  it.each([
    ["/\\evil.example", "/"],
    ["//evil.example", "/"],
    ["https://evil.example", "/"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["/\t/evil.example", "/"],
    ["/\r\nSet-Cookie: x=1", "/"],
    ["/\u0000evil", "/"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    [`/${"a".repeat(2048)}`, "/"],
    ["/store/products/p", "/store/products/p"],
    [
      "/store/collections/pumps?sort=price-asc&tag=pool",
      "/store/collections/pumps?sort=price-asc&tag=pool",
    ],
    ["/account/orders/1?x=1#top", "/account/orders/1?x=1#top"],
  ])("keeps %j to this site (%j)", (value, expected) => {
    const target = safeRedirectPath(value);
    expect(target).toBe(expected);
    expect(new URL(target, SHOP).origin).toBe(SHOP);
  });

  it("answers the fallback for anything but a string", () => {
    for (const value of [null, undefined, 7, { toString: () => "/" }]) {
      expect(safeRedirectPath(value, "/account")).toBe("/account");
    }
  });
});
