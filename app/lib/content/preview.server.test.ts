import { describe, expect, it } from "vitest";
import {
  clearPreviewCookie,
  isPreviewToken,
  previewCookie,
  readPreviewToken,
} from "./preview.server";

describe("preview tokens and cookies", () => {
  it("accept Prismic's and the emulator's preview URLs only", () => {
    expect(isPreviewToken("https://lagoon.prismic.io/previews/abc:def?websitePreviewId=xyz")).toBe(
      true,
    );
    expect(isPreviewToken("http://localhost:3000/_emulators/content/previews/4f1c")).toBe(true);
    expect(isPreviewToken("master-ref")).toBe(false);
    expect(isPreviewToken("javascript:alert(1)//previews/")).toBe(false);
    expect(isPreviewToken("https://lagoon.prismic.io/previews/a; Domain=evil")).toBe(false);
    expect(isPreviewToken(`https://lagoon.prismic.io/previews/${"a".repeat(600)}`)).toBe(false);
  });

  it("read Prismic's cookie among others, and write and clear it", () => {
    const token = "https://lagoon.prismic.io/previews/abc:def?websitePreviewId=xyz";
    expect(readPreviewToken(`lagoon_cart=1; io.prismic.preview=${token}; other=2`)).toBe(token);
    expect(readPreviewToken("lagoon_cart=1")).toBeNull();
    expect(readPreviewToken("io.prismic.preview=")).toBeNull();
    expect(readPreviewToken(null)).toBeNull();
    expect(previewCookie(token, true)).toBe(
      `io.prismic.preview=${token}; Path=/; SameSite=Lax; Secure`,
    );
    expect(clearPreviewCookie(false)).toBe("io.prismic.preview=; Path=/; Max-Age=0; SameSite=Lax");
  });
});
