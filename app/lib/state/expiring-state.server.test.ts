import { setTimeout as sleep } from "node:timers/promises";
import { expect, it } from "vitest";
import { describeOnBothEngines } from "../../../tests/support/databases";
import { createExpiringState } from "./expiring-state.server";

describeOnBothEngines("expiring state", (handle) => {
  it("counts within a fixed window and starts again once it has passed", async () => {
    const state = createExpiringState(handle());
    expect(await state.increment("rate:window", 2_000)).toBe(1);
    expect(await state.increment("rate:window", 2_000)).toBe(2);
    // Later increments do not stretch the window.
    await sleep(500);
    expect(await state.increment("rate:window", 2_000)).toBe(3);
    await sleep(1_600);
    expect(await state.increment("rate:window", 2_000)).toBe(1);
  });

  it("counts every one of many concurrent increments once", async () => {
    const state = createExpiringState(handle());
    const counts = await Promise.all(
      Array.from({ length: 40 }, () => state.increment("rate:burst", 60_000)),
    );
    expect(counts.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it("keeps a value until it expires, and hands it to one taker only", async () => {
    const state = createExpiringState(handle());
    await state.put("sign-in:abc", { returnTo: "/account" }, 60_000);
    expect(await state.get("sign-in:abc")).toEqual({ returnTo: "/account" });
    const takers = await Promise.all([state.take("sign-in:abc"), state.take("sign-in:abc")]);
    expect(takers.filter(Boolean)).toEqual([{ returnTo: "/account" }]);
    expect(await state.get("sign-in:abc")).toBeUndefined();

    await state.put("sign-in:short", { returnTo: "/" }, 100);
    await sleep(150);
    expect(await state.get("sign-in:short")).toBeUndefined();
    expect(await state.take("sign-in:short")).toBeUndefined();
  });

  it("is the same state for two processes' handles on one database", async () => {
    const one = createExpiringState(handle());
    const other = createExpiringState(handle());
    await one.increment("rate:shared", 60_000);
    expect(await other.increment("rate:shared", 60_000)).toBe(2);
    await other.delete("rate:shared");
    expect(await one.increment("rate:shared", 60_000)).toBe(1);
  });
});
