import { describe, expect, it } from "vitest";
import { clampQuantity, LOW_STOCK_THRESHOLD, maxOrderQuantity, stockStatus } from "./stock-status";

const stock = (
  inventoryQuantity: number | null,
  availableForSale = true,
  currentlyNotInStock = false,
) => ({
  inventoryQuantity,
  availableForSale,
  currentlyNotInStock,
});

describe("stock status", () => {
  it("says in stock, only N left at the threshold and below, or sold out", () => {
    expect(stockStatus(stock(14))).toEqual({
      level: "in-stock",
      label: "In stock",
      purchasable: true,
    });
    expect(stockStatus(stock(LOW_STOCK_THRESHOLD + 1)).level).toBe("in-stock");
    expect(stockStatus(stock(LOW_STOCK_THRESHOLD))).toEqual({
      level: "low-stock",
      label: `Only ${LOW_STOCK_THRESHOLD} left`,
      purchasable: true,
    });
    expect(stockStatus(stock(1)).label).toBe("Only 1 left");
    expect(stockStatus(stock(0, false))).toEqual({
      level: "sold-out",
      label: "Sold out",
      purchasable: false,
    });
  });

  it("treats untracked stock as in stock", () => {
    expect(stockStatus(stock(null)).level).toBe("in-stock");
  });

  it("sells made-to-order variants at zero stock, and says so", () => {
    const status = stockStatus(stock(0, true, true));
    expect(status.level).toBe("backorder");
    expect(status.purchasable).toBe(true);
    expect(status.label).toMatch(/made to order/i);
  });

  it("calls a missing variant unavailable", () => {
    expect(stockStatus(undefined)).toEqual({
      level: "unavailable",
      label: "Unavailable",
      purchasable: false,
    });
  });
});

describe("order quantities", () => {
  it("are capped by tracked stock, not by made-to-order or untracked stock", () => {
    expect(maxOrderQuantity(stock(3))).toBe(3);
    expect(maxOrderQuantity(stock(null))).toBeUndefined();
    expect(maxOrderQuantity(stock(0, true, true))).toBeUndefined();
    expect(maxOrderQuantity(undefined)).toBeUndefined();
  });

  it("are whole numbers of at least 1 (product §5)", () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-4)).toBe(1);
    expect(clampQuantity(2.7)).toBe(2);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(clampQuantity(12, 5)).toBe(5);
    expect(clampQuantity(3, 5)).toBe(3);
  });
});
