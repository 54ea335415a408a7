import { describe, expect, it } from "vitest";
import { type JsonText, jsonText, readJsonText } from "./json-text";

describe("loader data as JSON text", () => {
  it("is the value's JSON, the same string for the same object", () => {
    const shell = { siteName: "Lagoon Pools", links: [{ label: "Pumps", url: "/pumps" }] };
    const text = jsonText(shell);
    expect(JSON.parse(text)).toEqual(shell);
    expect(jsonText(shell)).toBe(text);
  });

  it("holds no character markup would escape and none above U+00FF, and reads back the value", () => {
    const product = {
      descriptionHtml: "<p>Salt & mineral pools > 30,000 L</p>",
      note: "line\u2028separator\u2029end – 25 °C, 🏊",
    };
    const text = jsonText(product);
    expect(text).not.toMatch(/[<>&\u0100-\uffff]/);
    expect(text).toContain("25 °C, \\ud83c\\udfca");
    expect(text).toContain("\\u003cp\\u003eSalt \\u0026 mineral pools \\u003e 30,000 L");
    expect(JSON.parse(text)).toEqual(product);
  });

  it("reads back the very object it was made from, and a new object's new text", () => {
    const shell = { siteName: "Lagoon Pools" };
    expect(readJsonText(jsonText(shell))).toBe(shell);
    const changed = { siteName: "Coral Bay" };
    expect(readJsonText(jsonText(changed))).toEqual({ siteName: "Coral Bay" });
  });

  it("parses a text it did not make (the browser's case) once", () => {
    const text = '{"b":[3],"c":null}' as JsonText<{ b: number[]; c: null }>;
    const value = readJsonText(text);
    expect(value).toEqual({ b: [3], c: null });
    expect(readJsonText(text)).toBe(value);
  });
});
