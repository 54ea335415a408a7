import { describe, expect, it } from "vitest";
import { type JsonText, jsonText, readJsonText } from "./json-text";

describe("loader data as JSON text", () => {
  it("is the value's JSON, the same string for the same object", () => {
    const shell = { siteName: "Lagoon Pools", links: [{ label: "Pumps", url: "/pumps" }] };
    const text = jsonText(shell);
    expect(JSON.parse(text)).toEqual(shell);
    expect(jsonText(shell)).toBe(text);
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
