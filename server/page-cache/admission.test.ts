import { describe, expect, it } from "vitest";
import { clientKey, createMissAdmission } from "./admission";

// A client's misses: rendered and stored within its budget, rendered only past the store budget,
// refused past the render budget; budgets refill with time and are each client's own.

const BUDGET = { renders: { burst: 3, perSecond: 2 }, stores: { burst: 2, perSecond: 1 } };

describe("miss admission", () => {
  it("stores, then only renders, then refuses a client's misses, and refills with time", () => {
    let now = 0;
    const admission = createMissAdmission(BUDGET, () => now);
    const verdicts = () => Array.from({ length: 4 }, () => admission.admit("203.0.113.7"));
    expect(verdicts()).toEqual([
      { admitted: "store" },
      { admitted: "store" },
      { admitted: "render" },
      { admitted: false, retryAfterSeconds: 1 },
    ]);
    now += 1_000;
    // A second on: two renders and one store more.
    expect(verdicts()).toEqual([
      { admitted: "store" },
      { admitted: "render" },
      { admitted: false, retryAfterSeconds: 1 },
      { admitted: false, retryAfterSeconds: 1 },
    ]);
    // Another client has a budget of its own.
    expect(admission.admit("198.51.100.2")).toEqual({ admitted: "store" });
  });

  it("counts an IPv6 network's /64 as one client, and an IPv4-mapped address as its IPv4", () => {
    expect(clientKey("2001:db8:0:1:aaaa::1")).toBe("2001:db8:0:1::/64");
    expect(clientKey("2001:0db8:0000:0001:ffff:ffff:ffff:ffff")).toBe("2001:db8:0:1::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");

    const admission = createMissAdmission(BUDGET, () => 0);
    for (let host = 1; host <= 3; host++) admission.admit(`2001:db8:0:1::${host}`);
    expect(admission.admit("2001:db8:0:1::99")).toMatchObject({ admitted: false });
  });
});
