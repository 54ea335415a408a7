import { describe, expect, it } from "vitest";
import { queuedChangeFields, queueStep, shownQuantity } from "./cart-quantity-queue";

describe("a line's queued quantity change", () => {
  it("merges presses into one change and shows it on top of the line", () => {
    const queued = queueStep(queueStep(queueStep(null, 1), 1), 1);
    expect(queued).toEqual({ by: 3 });
    expect(shownQuantity(2, queued)).toBe(5);
    // Sent once the first press is answered: from what the line shows then, so presses from
    // other tabs meanwhile still count.
    expect(queuedChangeFields(4, queued)).toEqual({ quantity: "7", from: "4" });
  });

  it("shows the line's own quantity when nothing is queued", () => {
    expect(shownQuantity(3, null)).toBe(3);
  });

  it("never shows less than 1 (product §5)", () => {
    const queued = queueStep(queueStep(null, -1), -1);
    expect(shownQuantity(2, queued)).toBe(1);
    expect(queuedChangeFields(2, queued)).toEqual({ quantity: "1", from: "2" });
  });

  it("sends a typed quantity as a value, with later presses applied to it", () => {
    const queued = queueStep({ to: 3 }, 1);
    expect(queued).toEqual({ to: 4 });
    expect(shownQuantity(9, queued)).toBe(4);
    expect(queuedChangeFields(9, queued)).toEqual({ quantity: "4" });
  });

  it("sends nothing when the presses cancel out or the line already shows the value", () => {
    expect(queuedChangeFields(3, queueStep(queueStep(null, 1), -1))).toBeNull();
    expect(queuedChangeFields(3, { to: 3 })).toBeNull();
  });
});
