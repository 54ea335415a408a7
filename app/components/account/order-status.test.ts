import { describe, expect, it } from "vitest";
import { formatOrderDate, formatShopDateTime, humanizeStatus } from "./order-status";

describe("order status labels", () => {
  it("reads Shopify's enums as words", () => {
    expect(humanizeStatus("PARTIALLY_REFUNDED")).toBe("Partially refunded");
    expect(humanizeStatus("FULFILLED")).toBe("Fulfilled");
    expect(humanizeStatus(null)).toBe("—");
  });

  it("dates orders in the shop's time zone", () => {
    expect(formatOrderDate("2026-03-31T22:30:00Z")).toBe("1 Apr 2026");
  });

  it("gives a purchase order's history times in the shop's time zone, to the minute", () => {
    // 11:05 pm UTC on the 27th is the 28th on the Gold Coast.
    expect(formatShopDateTime("2026-11-27T23:05:00Z")).toBe("28 Nov 2026, 9:05 am AEST");
  });
});
