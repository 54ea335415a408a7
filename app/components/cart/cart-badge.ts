/** product §4, §9: the badge shows the total quantity and caps at '9+' from 10; nothing at 0. */
export function formatCartBadge(totalQuantity: number): string {
  if (!Number.isFinite(totalQuantity) || totalQuantity <= 0) return "";
  return totalQuantity >= 10 ? "9+" : String(Math.floor(totalQuantity));
}

export function cartButtonLabel(totalQuantity: number): string {
  if (totalQuantity <= 0) return "Open cart, empty";
  return `Open cart, ${totalQuantity} ${totalQuantity === 1 ? "item" : "items"}`;
}
