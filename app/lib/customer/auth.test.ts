import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./auth.server";

describe("safeReturnTo", () => {
  it("accepts same-site paths only", () => {
    expect(safeReturnTo("/account/orders/1?x=1")).toBe("/account/orders/1?x=1");
    expect(safeReturnTo("https://evil.example/")).toBe("/account");
    expect(safeReturnTo("//evil.example/")).toBe("/account");
    expect(safeReturnTo("/\\evil.example")).toBe("/account");
    expect(safeReturnTo(null, "/")).toBe("/");
  });
});
