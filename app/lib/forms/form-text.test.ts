import { describe, expect, it } from "vitest";
import { formText, formTexts } from "./form-text";

describe("a form field's text", () => {
  it("is what was typed, tabs and line breaks included", () => {
    expect(formText("RA-7781\tline one\r\nline two")).toBe("RA-7781\tline one\r\nline two");
    expect(formText("Café ✓ 💧")).toBe("Café ✓ 💧");
  });

  it("drops control characters no keyboard types (a database refuses NUL)", () => {
    expect(formText("\u0000")).toBe("");
    expect(formText("RA\u0000-77\u001b81\u007f\u0085")).toBe("RA-7781");
  });

  it("is empty for a missing field or a file", () => {
    expect(formText(null)).toBe("");
    expect(formText(new File(["x"], "x.txt"))).toBe("");
    const form = new FormData();
    form.set("reference", "\u0000");
    expect(formTexts(form, ["reference", "notes"])).toEqual({ reference: "", notes: "" });
  });
});
