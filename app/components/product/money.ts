import type { Money, PriceRange } from "../../lib/commerce/types";

const formatters = new Map<string, Intl.NumberFormat>();

/** SPEC.md §9: money shows in dollars with 2 decimals ("$1,249.00"). */
export function formatMoney(money: Money): string {
  let formatter = formatters.get(money.currencyCode);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-AU", {
      style: "currency",
      currency: money.currencyCode,
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(money.currencyCode, formatter);
  }
  return formatter.format(Number(money.amount));
}

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
