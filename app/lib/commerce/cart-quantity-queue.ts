import { clampCartQuantity } from "./cart";

// product §4: a line's quantity changes reach the server one at a time from a tab, in the order
// the shopper made them. What the shopper does while a change to the line is on its way waits
// here, merged into one change, and goes once the server has answered.

/** +/- presses as a change by `by`, or a typed quantity as the value `to`. */
export type QueuedQuantityChange = { by: number } | { to: number };

/** The queue after one more press of `by` (+1 or -1). */
export function queueStep(queued: QueuedQuantityChange | null, by: number): QueuedQuantityChange {
  if (!queued) return { by };
  return "to" in queued ? { to: clampCartQuantity(queued.to + by) } : { by: queued.by + by };
}

/** What the line shows: its quantity (with the changes on their way) and the queued change. */
export function shownQuantity(quantity: number, queued: QueuedQuantityChange | null): number {
  if (!queued) return quantity;
  return "to" in queued ? queued.to : clampCartQuantity(quantity + queued.by);
}

/**
 * The form fields that send the queued change once the line shows `quantity`: presses as a
 * change from it (`from`), a typed quantity as a value; null when it changes nothing.
 */
export function queuedChangeFields(
  quantity: number,
  queued: QueuedQuantityChange,
): { quantity: string; from?: string } | null {
  const wanted = shownQuantity(quantity, queued);
  if (wanted === quantity) return null;
  return "to" in queued
    ? { quantity: String(wanted) }
    : { quantity: String(wanted), from: String(quantity) };
}

/**
 * A fresh key for one change sent from the drawer: the server applies a change with a given key
 * once, so a POST the browser sends again (its answer lost to a restart) does not press twice.
 * `getRandomValues`, unlike `randomUUID`, works on pages served over plain http too.
 */
export function newChangeKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
