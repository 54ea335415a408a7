import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../../tests/support/server-parts";
import { createExpiringState, type ExpiringState } from "../state/expiring-state.server";
import { HONEYPOT_FIELD, isHoneypotFilled, isOverRateLimit } from "./public-form.server";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
});
afterAll(() => database.close());

describe("public forms", () => {
  it("lets the limit through per client, then refuses until the window ends", async () => {
    const state = createExpiringState(database);
    const limit = { scope: "newsletter", limit: 3, windowSeconds: 1 };
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await isOverRateLimit(state, limit, "203.0.113.9"));
    expect(verdicts).toEqual([false, false, false, true]);
    expect(await isOverRateLimit(state, limit, "198.51.100.7")).toBe(false);
    expect(await isOverRateLimit(state, { ...limit, scope: "contact" }, "203.0.113.9")).toBe(false);
    await new Promise((done) => setTimeout(done, 1_100));
    expect(await isOverRateLimit(state, limit, "203.0.113.9")).toBe(false);
  });

  it("lets submissions through when the database is down", async () => {
    const broken: Pick<ExpiringState, "increment"> = {
      increment: async () => {
        throw new Error("database unavailable");
      },
    };
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
