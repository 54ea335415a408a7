/** Shopify's enum values as a shopper reads them: PARTIALLY_REFUNDED → "Partially refunded". */
export function humanizeStatus(status: string | null | undefined): string {
  if (!status) return "—";
  const words = status.toLowerCase().replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatOrderDate(iso: string): string {
  return new Intl.DateTimeFormat("en-AU", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Australia/Brisbane",
  }).format(new Date(iso));
}

/** A moment in the shop's time zone, to the minute: "28 Nov 2026, 9:05 am AEST". */
export function formatShopDateTime(iso: string): string {
  return new Intl.DateTimeFormat("en-AU", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "Australia/Brisbane",
    timeZoneName: "short",
  }).format(new Date(iso));
}
