import { describe, expect, it } from "vitest";
import { oncePerObjects } from "./once-per-object";

describe("work kept per objects and key", () => {
  it("is done once for the same objects, in the same order, and key", () => {
    const kept = oncePerObjects<{ made: number }>();
    let made = 0;
    const work = () => ({ made: ++made });
    const shell = {};
    const page = {};
    const first = kept([shell, page], "/", work);
    expect(kept([shell, page], "/", work)).toBe(first);
    expect(kept([shell, page], "/?page=2", work)).not.toBe(first);
    expect(kept([page, shell], "/", work)).not.toBe(first);
    expect(kept([shell, {}], "/", work)).not.toBe(first);
    expect(kept([{}, page], "/", work)).not.toBe(first);
    expect(made).toBe(5);
  });

  it("keeps a few keys for the same objects and does the work anew past them", () => {
    const kept = oncePerObjects<object>(2);
    const shell = {};
    const one = kept([shell], "/thank-you", () => ({}));
    const two = kept([shell], "/Thank-You", () => ({}));
    expect(kept([shell], "/THANK-YOU", () => ({}))).not.toBe(
      kept([shell], "/THANK-YOU", () => ({})),
    );
    expect(kept([shell], "/thank-you", () => ({}))).toBe(one);
    expect(kept([shell], "/Thank-You", () => ({}))).toBe(two);
  });
});
