import { describe, expect, it } from "vitest";
import { createMemoryCache } from "../../../tests/support/server-parts";
import type { Cache } from "../cache";
import { HONEYPOT_FIELD, isHoneypotFilled, isOverRateLimit } from "./public-form.server";

describe("public forms", () => {
  it("lets the limit through per client, then refuses until the window ends", async () => {
    const cache = createMemoryCache();
    const limit = { scope: "newsletter", limit: 3, windowSeconds: 0.2 };
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await isOverRateLimit(cache, limit, "203.0.113.9"));
    expect(verdicts).toEqual([false, false, false, true]);
    expect(await isOverRateLimit(cache, limit, "198.51.100.7")).toBe(false);
    expect(await isOverRateLimit(cache, { ...limit, scope: "contact" }, "203.0.113.9")).toBe(false);
    await new Promise((done) => setTimeout(done, 250));
    expect(await isOverRateLimit(cache, limit, "203.0.113.9")).toBe(false);
  });

  it("lets submissions through when the cache is down", async () => {
    const broken = {
      increment: async () => {
        throw new Error("Redis unavailable");
      },
    } as unknown as Cache;
    expect(
      await isOverRateLimit(broken, { scope: "contact", limit: 0, windowSeconds: 60 }, "x"),
    ).toBe(false);
  });

  it("spots a filled honeypot", () => {
    const form = new FormData();
    expect(isHoneypotFilled(form)).toBe(false);
    form.set(HONEYPOT_FIELD, "  ");
    expect(isHoneypotFilled(form)).toBe(false);
    form.set(HONEYPOT_FIELD, "https://spam.example");
    expect(isHoneypotFilled(form)).toBe(true);
  });
});
