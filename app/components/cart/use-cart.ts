import { useFetchers, useRouteLoaderData } from "react-router";
import type { CartLayoutData } from "../../lib/commerce/cart-layout.server";
import { CART_ACTION, pendingTotalQuantity } from "../../lib/commerce/cart-pending";
import { type JsonText, readJsonText } from "../../lib/json-text";

/** What the root loader gives every page about the cart (see root.tsx). */
export function useCartLayoutData(): CartLayoutData | undefined {
  const text = (useRouteLoaderData("root") as { cart?: JsonText<CartLayoutData> } | undefined)
    ?.cart;
  return text === undefined ? undefined : readJsonText(text);
}

/**
 * The cart forms on their way to the server, oldest first: the cart as the shopper sees it is
 * the server's with these applied, so an answer (or a failure) replaces them with nothing of our
 * own to reconcile.
 */
export function usePendingCartForms(): FormData[] {
  return useFetchers().flatMap((fetcher) =>
    fetcher.formAction === CART_ACTION && fetcher.formData ? [fetcher.formData] : [],
  );
}

/** product §4: the badge's total quantity, counting the changes on their way. */
export function useCartQuantity(): number {
  const cart = useCartLayoutData()?.cart ?? null;
  return pendingTotalQuantity(cart, usePendingCartForms());
}
