import { describe, expect, it } from "vitest";
import { currentNavigation, isCurrentPath } from "./current-page";

describe("the header's current link", () => {
  it("is the link of the page or of a section the page is in", () => {
    expect(isCurrentPath("/news", "/news")).toBe(true);
    expect(isCurrentPath("/news", "/news/pool-safety-week")).toBe(true);
    expect(isCurrentPath("/news", "/News")).toBe(true);
    expect(isCurrentPath("/news/", "/news/pool-safety-week")).toBe(true);
    expect(isCurrentPath("/news?page=2", "/news")).toBe(true);
  });

  it("is not a link whose path only begins the same", () => {
    expect(isCurrentPath("/news", "/newsletter")).toBe(false);
    expect(isCurrentPath("/news", "/projects")).toBe(false);
    expect(isCurrentPath("/", "/news")).toBe(false);
    expect(isCurrentPath("/", "/")).toBe(true);
    expect(isCurrentPath("https://example.com/news", "/news")).toBe(false);
  });

  it("marks top-level links only, dropdowns aside", () => {
    const navigation = [
      { label: "Shop", href: "/store", children: [{ label: "Pumps", href: "/store/pumps" }] },
      { label: "News", href: "/news", children: [] },
      { label: "Contact", href: "/contact", children: [] },
    ];
    expect(currentNavigation(navigation, "/news/a")).toBe("010");
    expect(currentNavigation(navigation, "/store/pumps")).toBe("000");
  });
});
