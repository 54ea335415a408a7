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
        <s className="text-sm text-slate-600">
          <span className="sr-only">Regular price </span>
          {formatMoney(compareAtPrice)}
        </s>
      ) : null}
    </p>
  );
}

export function PriceRangeLabel({
  range,
  compareAtRange,
}: {
  range: PriceRange;
  compareAtRange: PriceRange | null;
}) {
  if (isRange(range)) {
    return (
      <p className="font-semibold">
        From {formatMoney(range.min)}
      </p>
    );
  }
  return <Price price={range.min} compareAtPrice={compareAtRange?.max ?? null} />;
}
