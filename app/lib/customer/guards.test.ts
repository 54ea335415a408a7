import { describe, expect, it } from "vitest";
import routes from "../../routes";
import { assertKnownGuards, GUARD_NAMES } from "./guards.server";

type RouteEntry = { file: string; children?: RouteEntry[] };
const flatten = (entries: RouteEntry[]): RouteEntry[] =>
  entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);

describe("route guards (product §6)", () => {
  it("knows the spec's guards", () => {
    expect(GUARD_NAMES).toEqual(["auth", "commercial", "vip"]);
    expect(() => assertKnownGuards(["auth", "commercial", "vip"])).not.toThrow();
  });

  it("raises an error for an unknown guard instead of letting the route through", () => {
    expect(() => assertKnownGuards(["auth", "admin"])).toThrow("Unknown route guard: admin");
  });

  it("every route declares only known guards, and the account routes require auth", async () => {
    const guarded: Record<string, readonly string[]> = {};
    for (const entry of flatten(routes as RouteEntry[])) {
      const module = (await import(`../../${entry.file}`)) as {
        handle?: { guards?: readonly string[] };
      };
      const guards = module.handle?.guards;
      if (!guards) continue;
      assertKnownGuards(guards);
      guarded[entry.file] = guards;
    }
    expect(guarded).toMatchObject({
      "routes/account.tsx": ["auth"],
      "routes/account.orders.$id.tsx": ["auth"],
      "routes/account.commercial-orders.$id.tsx": ["auth"],
    });
  });
});
