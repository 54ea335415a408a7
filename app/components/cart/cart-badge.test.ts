import { describe, expect, it } from "vitest";
import { cartButtonLabel, formatCartBadge } from "./cart-badge";

describe("formatCartBadge", () => {
  it("is empty for an empty cart", () => {
    expect(formatCartBadge(0)).toBe("");
  });

  it("shows the total quantity up to 9", () => {
    expect(formatCartBadge(1)).toBe("1");
    expect(formatCartBadge(9)).toBe("9");
  });

  it("caps at '9+' from 10 (product §9)", () => {
    expect(formatCartBadge(10)).toBe("9+");
    expect(formatCartBadge(250)).toBe("9+");
  });
});

describe("cartButtonLabel", () => {
  it("names the cart and its size for screen readers", () => {
    expect(cartButtonLabel(0)).toBe("Open cart, empty");
    expect(cartButtonLabel(1)).toBe("Open cart, 1 item");
    expect(cartButtonLabel(12)).toBe("Open cart, 12 items");
  });
});
