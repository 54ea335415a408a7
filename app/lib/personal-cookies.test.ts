import { describe, expect, it } from "vitest";
import { hasPersonalCookie } from "./personal-cookies";

// The page cache's rule (server/page-cache/index.ts): a visitor with any of these cookies gets a
// page rendered for them, never a stored one, and their page is never stored. The names are
// written out: they are what browsers hold, so a renamed cookie must fail here.

const CART_COOKIE = "lagoon_cart";

describe("hasPersonalCookie", () => {
  it.each([
    "lagoon_session=abc",
    "lagoon_cart=gid",
    "lagoon_cart_notice=emptied",
    "lagoon_cart_drawer=1",
    "lagoon_newsletter_notice=ok",
    "io.prismic.preview=https%3A%2F%2Frepo",
  ])("is true for %s", (cookie) => {
    expect(hasPersonalCookie(cookie)).toBe(true);
  });

  it("finds the personal cookie among others, wherever it is and however it is spaced", () => {
    expect(hasPersonalCookie(`_ga=1; theme=dark;${CART_COOKIE}=gid`)).toBe(true);
    expect(hasPersonalCookie(`_ga=1;   ${CART_COOKIE} =gid; theme=dark`)).toBe(true);
    expect(hasPersonalCookie("lagoon_cart_drawer")).toBe(true);
  });

  it("is false without cookies, or with only cookies that change nothing on a page", () => {
    expect(hasPersonalCookie(undefined)).toBe(false);
    expect(hasPersonalCookie("")).toBe(false);
    expect(hasPersonalCookie("_ga=1; theme=dark")).toBe(false);
  });

  it("goes by a cookie's name, not a value or a name that merely contains one", () => {
    expect(hasPersonalCookie(`theme=${CART_COOKIE}`)).toBe(false);
    expect(hasPersonalCookie(`x${CART_COOKIE}=1`)).toBe(false);
    expect(hasPersonalCookie(`${CART_COOKIE}_old=1`)).toBe(false);
  });
});
