import { describe, expect, it } from "vitest";
import { cartLine } from "../../../tests/support/cart-fixtures";
import type { CartView } from "./cart";
import { pendingTotalQuantity } from "./cart-pending";

const cart: CartView = {
  totalQuantity: 5,
  updatedAt: "2026-03-01T00:00:00.000Z",
  cost: { subtotalAmount: { amount: "0.00", currencyCode: "AUD" } },
  lines: [cartLine({ id: "a", quantity: 2 }), cartLine({ id: "b", quantity: 3 })],
};

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("pendingTotalQuantity (the badge while changes are on their way)", () => {
  it("is the cart's total when nothing is pending, 0 without a cart", () => {
    expect(pendingTotalQuantity(cart, [])).toBe(5);
    expect(pendingTotalQuantity(null, [])).toBe(0);
  });

  it("counts adds, new quantities and removals", () => {
    expect(
      pendingTotalQuantity(cart, [
        form({ intent: "add", merchandiseId: "v", quantity: "4" }),
        form({ intent: "update", lineId: "a", quantity: "7" }),
        form({ intent: "remove", lineId: "b" }),
      ]),
    ).toBe(11);
  });

  it("reads quantities as the server will (product §5: lower values become 1)", () => {
    expect(
      pendingTotalQuantity(cart, [form({ intent: "update", lineId: "a", quantity: "-3" })]),
    ).toBe(4);
    expect(pendingTotalQuantity(null, [form({ intent: "add", merchandiseId: "v" })])).toBe(1);
  });

  it("ignores checkout and changes to lines it does not know", () => {
    expect(
      pendingTotalQuantity(cart, [
        form({ intent: "checkout" }),
        form({ intent: "update", lineId: "gone", quantity: "9" }),
      ]),
    ).toBe(5);
  });
});
