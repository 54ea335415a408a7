import type { Money } from "./types";

const formatters = new Map<string, Intl.NumberFormat>();

/** product §9: money shows in dollars with 2 decimals ("$1,249.00"). */
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
