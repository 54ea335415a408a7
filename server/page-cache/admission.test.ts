import { describe, expect, it } from "vitest";
import { clientKey, createMissAdmission } from "./admission";

// A client's misses: rendered and stored within its budget, rendered only past the store budget;
// past the render budget each waits for its turn, and what cannot wait is refused. Budgets refill
// with time and are each client's own.

const BUDGET = { renders: { burst: 3, perSecond: 2 }, stores: { burst: 2, perSecond: 1 } };

describe("miss admission", () => {
  it("stores, then only renders, then makes a client's misses wait their turn, and refills with time", () => {
    let now = 0;
    const admission = createMissAdmission(BUDGET, () => now);
    const verdicts = (count: number) =>
      Array.from({ length: count }, () => admission.admit("203.0.113.7"));
    expect(verdicts(5)).toEqual([
      { admitted: "store", waitMs: 0 },
      { admitted: "store", waitMs: 0 },
      { admitted: "render", waitMs: 0 },
      // Two renders a second: the fourth miss's turn is in half a second, the fifth's in one.
      { admitted: "render", waitMs: 500 },
      { admitted: "render", waitMs: 1_000 },
    ]);
    now += 2_000;
    // Two seconds on, the two that waited have had their turns and four render tokens have come
    // back (two of them owed), and two store tokens: two stored misses, then a wait again.
    expect(verdicts(3)).toEqual([
      { admitted: "store", waitMs: 0 },
      { admitted: "store", waitMs: 0 },
      { admitted: "render", waitMs: 500 },
    ]);
    // Another client has a budget of its own.
    expect(admission.admit("198.51.100.2")).toEqual({ admitted: "store", waitMs: 0 });
  });

  it("refuses a miss whose turn is more than five seconds away, saying when to come back", () => {
    const slow = { renders: { burst: 1, perSecond: 0.25 }, stores: { burst: 1, perSecond: 1 } };
    const admission = createMissAdmission(slow, () => 0);
    expect(admission.admit("203.0.113.7")).toEqual({ admitted: "store", waitMs: 0 });
    expect(admission.admit("203.0.113.7")).toEqual({ admitted: "render", waitMs: 4_000 });
    expect(admission.admit("203.0.113.7")).toEqual({ admitted: false, retryAfterSeconds: 8 });
  });

  it("lets six misses of one client wait at once, as many as a browser's connections, and refuses the seventh", () => {
    const fast = { renders: { burst: 1, perSecond: 100 }, stores: { burst: 1, perSecond: 100 } };
    const admission = createMissAdmission(fast, () => 0);
    const verdicts = Array.from({ length: 8 }, () => admission.admit("203.0.113.7"));
    const waits = [0, 10, 20, 30, 40, 50, 60, false];
    expect(verdicts.map((verdict) => verdict.admitted && verdict.waitMs)).toEqual(waits);
    expect(verdicts[7]).toEqual({ admitted: false, retryAfterSeconds: 1 });
  });

  it("holds at most a thousand waiting misses across all clients", () => {
    let now = 0;
    const tight = { renders: { burst: 0, perSecond: 1 }, stores: { burst: 0, perSecond: 1 } };
    const admission = createMissAdmission(tight, () => now);
    const waiting = Array.from({ length: 1_000 }, (_, n) =>
      admission.admit(`10.0.${Math.floor(n / 250)}.${n % 250}`),
    );
    expect(waiting.every((verdict) => verdict.admitted === "render")).toBe(true);
    expect(admission.admit("203.0.113.7")).toMatchObject({ admitted: false });
    // Once their turns have passed, others may wait again.
    now += 1_001;
    expect(admission.admit("203.0.113.7")).toMatchObject({ admitted: "render" });
  });

  it("counts an IPv6 network's /64 as one client, and an IPv4-mapped address as its IPv4", () => {
    expect(clientKey("2001:db8:0:1:aaaa::1")).toBe("2001:db8:0:1::/64");
    expect(clientKey("2001:0db8:0000:0001:ffff:ffff:ffff:ffff")).toBe("2001:db8:0:1::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");

    const admission = createMissAdmission(BUDGET, () => 0);
    for (let host = 1; host <= 3; host++) admission.admit(`2001:db8:0:1::${host}`);
    expect(admission.admit("2001:db8:0:1::99")).toMatchObject({ waitMs: 500 });
  });
});
