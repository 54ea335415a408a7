import type { ProductVariant } from "./types";

// When stock counts as low is Lagoon's own rule (product §9): five or fewer is where shops usually
// start saying so, and it matches the demo catalogue's "low stock" tag.
export const LOW_STOCK_THRESHOLD = 5;

export type StockLevel = "in-stock" | "low-stock" | "backorder" | "sold-out" | "unavailable";

export interface StockStatus {
  level: StockLevel;
  /** What the shopper reads. */
  label: string;
  /** Whether the variant can go in the cart. */
  purchasable: boolean;
}

type StockFields = Pick<
  ProductVariant,
  "availableForSale" | "currentlyNotInStock" | "inventoryQuantity"
>;

export function stockStatus(variant: StockFields | undefined): StockStatus {
  if (!variant) return { level: "unavailable", label: "Unavailable", purchasable: false };
  if (!variant.availableForSale)
    return { level: "sold-out", label: "Sold out", purchasable: false };
  if (variant.currentlyNotInStock) {
    return {
      level: "backorder",
      label: "Made to order – ships when ready",
      purchasable: true,
    };
  }
  const quantity = variant.inventoryQuantity;
  if (quantity !== null && quantity > 0 && quantity <= LOW_STOCK_THRESHOLD) {
    return { level: "low-stock", label: `Only ${quantity} left`, purchasable: true };
  }
  return { level: "in-stock", label: "In stock", purchasable: true };
}

/** The most a shopper can ask for: the stock on hand when it is tracked and not made to order. */
export function maxOrderQuantity(variant: StockFields | undefined): number | undefined {
  if (!variant || variant.currentlyNotInStock) return undefined;
  const quantity = variant.inventoryQuantity;
  return quantity !== null && quantity > 0 ? quantity : undefined;
}

/** product §5: a quantity is a whole number, at least 1; lower values become 1. */
export function clampQuantity(value: number, max?: number): number {
  const whole = Number.isFinite(value) ? Math.floor(value) : 1;
  const atLeastOne = Math.max(1, whole);
  return max !== undefined ? Math.max(1, Math.min(atLeastOne, max)) : atLeastOne;
}
