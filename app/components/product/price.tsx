import type { Money, PriceRange } from "../../lib/commerce/types";
import { formatMoney, isDiscounted, isRange } from "./money";

export function Price({
  price,
  compareAtPrice,
  className = "",
}: {
  price: Money;
  compareAtPrice?: Money | null;
  className?: string;
}) {
  const discounted = isDiscounted(price, compareAtPrice);
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className={discounted ? "font-semibold text-coral-600" : "font-semibold"}>
        {discounted ? <span className="sr-only">Sale price </span> : null}
        {formatMoney(price)}
      </span>
      {discounted ? (
        <s className="text-[0.875em] font-normal text-slate-600">
          <span className="sr-only">Regular price </span>
          {formatMoney(compareAtPrice)}
        </s>
      ) : null}
    </p>
  );
}

/** A product's price from its variants' range: one price (with compare-at) or "From $x". */
export function PriceRangeLabel({
  range,
  compareAtRange,
  className = "",
}: {
  range: PriceRange;
  compareAtRange: PriceRange | null;
  className?: string;
}) {
  if (isRange(range)) {
    return (
      <p className={`font-semibold ${className}`}>
        <span className="font-normal text-slate-600">From </span>
        {formatMoney(range.min)}
      </p>
    );
  }
  return (
    <Price price={range.min} compareAtPrice={compareAtRange?.max ?? null} className={className} />
  );
}

/** Some variant sells below its compare-at price. */
export function isOnSale(range: PriceRange, compareAtRange: PriceRange | null): boolean {
  return compareAtRange !== null && isDiscounted(range.min, compareAtRange.max);
}
