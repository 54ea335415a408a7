import { describe, expect, it } from "vitest";
import { holderNames, printedName } from "./certificate-access.server";

const liam = { firstName: "Liam", lastName: "O'Connor", displayName: "Liam O'Connor" };

describe("the printed name (product §5)", () => {
  it("is the customer's own name, as their account spells it", () => {
    expect(holderNames(liam)).toEqual(["Liam O'Connor"]);
    expect(printedName(null, holderNames(liam))).toBe("Liam O'Connor");
    expect(printedName("  liam   o'connor ", holderNames(liam))).toBe("Liam O'Connor");
  });

  it("never becomes a name the customer's records do not hold", () => {
    for (const requested of ["Someone Else", "", "Liam", "<script>", "Liam O'Connor Jr"]) {
      expect(printedName(requested, holderNames(liam)), requested).toBe("Liam O'Connor");
    }
  });

  it("falls back to the display name when the account has no first or last name", () => {
    expect(holderNames({ firstName: "", lastName: "", displayName: "liam@example.com" })).toEqual([
      "liam@example.com",
    ]);
  });
});

describe("the printed name among several the records hold", () => {
  const allowed = ["Liam O'Connor", "Ｍia  Chen"];

  it("is the one asked for, however it is spaced, cased or encoded", () => {
    expect(printedName("mia chen", allowed)).toBe("Ｍia  Chen");
    expect(printedName("  MIA\tCHEN ", allowed)).toBe("Ｍia  Chen");
    expect(printedName("Liam O'Connor", allowed)).toBe("Liam O'Connor");
  });

  it("is the first one when none matches, or none is asked for", () => {
    expect(printedName("Mia", allowed)).toBe("Liam O'Connor");
    expect(printedName(null, allowed)).toBe("Liam O'Connor");
    expect(printedName("", ["", "Mia Chen"])).toBe("");
    expect(printedName("x", [])).toBe("");
  });

  it("prefers the full name to the display name, trimmed", () => {
    expect(holderNames({ firstName: "Mia", lastName: "", displayName: "mia@example.com" })).toEqual(
      ["Mia"],
    );
  });
});
