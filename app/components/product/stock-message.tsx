import type { StockStatus } from "../../lib/commerce/stock-status";

// Text colour, then the dot's.
const TONE: Record<StockStatus["level"], [string, string]> = {
  "in-stock": ["text-emerald-800", "bg-emerald-600"],
  "low-stock": ["text-amber-900", "bg-amber-500"],
  backorder: ["text-lagoon-800", "bg-lagoon-600"],
  "sold-out": ["text-slate-700", "bg-slate-500"],
  unavailable: ["text-slate-700", "bg-slate-500"],
};

/**
 * Availability of the chosen variant. A polite live region: choosing another option announces
 * the new state ("Navy, 2.1 m: Sold out") to screen-reader users.
 */
export function StockMessage({
  status,
  variantTitle,
}: {
  status: StockStatus;
  variantTitle?: string;
}) {
  const [text, dot] = TONE[status.level];
  return (
    <p role="status" className={`flex items-center gap-2 text-sm font-medium ${text}`}>
      <span aria-hidden="true" className={`size-2.5 rounded-full ${dot}`} />
      {variantTitle ? <span className="sr-only">{variantTitle}: </span> : null}
      <span data-testid="stock-status">{status.label}</span>
    </p>
  );
}
