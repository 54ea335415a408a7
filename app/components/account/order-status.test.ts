import { describe, expect, it } from "vitest";
import { formatOrderDate, humanizeStatus } from "./order-status";

describe("order status labels", () => {
  it("reads Shopify's enums as words", () => {
    expect(humanizeStatus("PARTIALLY_REFUNDED")).toBe("Partially refunded");
    expect(humanizeStatus("FULFILLED")).toBe("Fulfilled");
    expect(humanizeStatus(null)).toBe("—");
  });

  it("dates orders in the shop's time zone", () => {
    expect(formatOrderDate("2026-03-31T22:30:00Z")).toBe("1 Apr 2026");
  });
});
