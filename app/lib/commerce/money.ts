import type { Money } from "./types";

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * product §9: money shows in dollars with 2 decimals ("$1,249.00").
 *
 * The browser's first Intl.NumberFormat in a page costs 30–80 ms in Chromium (it loads ICU's
 * number data), and hydrating any page with a price made one. So a non-negative amount in the
 * shop's currency (AUD, "$" in en-AU) with at most two decimals, which needs no rounding, is
 * written out here with en-AU's thousands separators; money.test.ts checks that it agrees with
 * Intl. Anything else goes through Intl.
 */
export function formatMoney(money: Money): string {
  const parts = money.currencyCode === "AUD" && /^(\d{1,15})(?:\.(\d)(\d)?)?$/.exec(money.amount);
  return parts
    ? `$${Number(parts[1])
        .toString()
        .replace(/\B(?=(\d{3})+$)/g, ",")}.${parts[2] ?? 0}${parts[3] ?? 0}`
    : formatWithIntl(money);
}

/** The same as formatMoney, always through Intl. */
export function formatWithIntl(money: Money): string {
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
