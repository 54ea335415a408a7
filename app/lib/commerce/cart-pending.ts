import type { CartView } from "./cart";

// The cart badge's share of the optimistic cart: how many items the cart holds once the changes
// on their way are applied. The drawer's lines come from cart-optimistic.ts, loaded with them;
// this stays small because every page ships it (docs/decisions/001-javascript-budget.md).

/** Where the cart's forms post (intents add, update, remove, checkout). */
export const CART_ACTION = "/api/cart";

/** Form field carrying a LinePreview (cart-optimistic.ts) as JSON; the server ignores it. */
export const PREVIEW_FIELD = "preview";

type FormValues = Pick<FormData, "get">;

const whole = (value: FormDataEntryValue | null) => {
  const number = typeof value === "string" ? Number.parseInt(value, 10) : Number.NaN;
  // product §5: lower values become 1.
  return Number.isFinite(number) ? Math.max(1, number) : 1;
};

/** Total quantity after the pending cart forms (add, update, remove), in order. */
export function pendingTotalQuantity(cart: CartView | null, forms: readonly FormValues[]): number {
  const quantities = new Map((cart?.lines ?? []).map((line) => [line.id, line.quantity]));
  let added = 0;
  for (const form of forms) {
    const intent = form.get("intent");
    const lineId = String(form.get("lineId") ?? "");
    if (intent === "add" && form.get("merchandiseId")) added += whole(form.get("quantity"));
    else if (intent === "update" && quantities.has(lineId)) {
      quantities.set(lineId, whole(form.get("quantity")));
    } else if (intent === "remove") quantities.delete(lineId);
  }
  return [...quantities.values()].reduce((sum, quantity) => sum + quantity, added);
}
