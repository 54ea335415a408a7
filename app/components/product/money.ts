import { formatMoney } from "../../lib/commerce/money";
import type { Money, PriceRange } from "../../lib/commerce/types";

export { formatMoney };

export function isRange(range: PriceRange): boolean {
  return Number(range.min.amount) !== Number(range.max.amount);
}

/** A compare-at price only counts when it is above the price. */
export function isDiscounted(
  price: Money,
  compareAt: Money | null | undefined,
): compareAt is Money {
  return compareAt != null && Number(compareAt.amount) > Number(price.amount);
}

/** A product's price in one string: "$49.95", or "From $49.95" when its variants differ. */
export function priceLabel(range: PriceRange): string {
  return isRange(range) ? `From ${formatMoney(range.min)}` : formatMoney(range.min);
}
