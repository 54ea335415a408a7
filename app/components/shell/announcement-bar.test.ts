import { describe, expect, it } from "vitest";
import { nextSlide } from "./announcement-bar";

describe("announcement carousel", () => {
  it("moves to the next slide and wraps to the first", () => {
    expect(nextSlide(0, 3)).toBe(1);
    expect(nextSlide(1, 3)).toBe(2);
    expect(nextSlide(2, 3)).toBe(0);
    expect(nextSlide(0, 0)).toBe(0);
  });
});
