import { afterEach, describe, expect, it, vi } from "vitest";
import { withDeadline } from "./abort";

afterEach(() => {
  vi.useRealTimers();
});

describe("work with a deadline", () => {
  it("gives the work's value and leaves no timer and no listener behind", async () => {
    vi.useFakeTimers();
    const parent = new AbortController();
    let given: AbortSignal | undefined;
    const value = await withDeadline(parent.signal, 5000, async (signal) => {
      given = signal;
      return "answer";
    });
    expect(value).toBe("answer");
    expect(vi.getTimerCount()).toBe(0);
    parent.abort(new Error("gone"));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(given?.aborted).toBe(false);
  });

  it("aborts the work with a TimeoutError once the time has passed", async () => {
    vi.useFakeTimers();
    let settled = false;
    const outcome = withDeadline(undefined, 5000, (signal) => untilAbort(signal));
    void outcome
      .catch(() => {})
      .finally(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    await expect(outcome).rejects.toMatchObject({ name: "TimeoutError" });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("aborts the work with the caller's reason when the caller's signal aborts", async () => {
    const parent = new AbortController();
    const reason = new Error("the shopper left");
    const outcome = withDeadline(parent.signal, 5000, (signal) => untilAbort(signal));
    parent.abort(reason);
    await expect(outcome).rejects.toBe(reason);
  });

  it("does not start the work when the caller's signal has already aborted", async () => {
    const parent = new AbortController();
    const reason = new Error("the shopper left");
    parent.abort(reason);
    const work = vi.fn(async () => "answer");
    await expect(withDeadline(parent.signal, 5000, work)).rejects.toBe(reason);
    expect(work).not.toHaveBeenCalled();
  });
});

/** Work that ends only when its signal aborts, with the signal's reason. */
function untilAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}
