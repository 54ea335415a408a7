import { type CartView, formatCartMoney } from "../../lib/commerce/cart";
import { applyCartIntents, intentFromForm } from "../../lib/commerce/cart-optimistic";
import { CartLineItem } from "./cart-line-item";
import { EmptyCartText } from "./empty-cart-text";
import { useCartLayoutData, usePendingCartForms } from "./use-cart";

// The drawer's lines and subtotal, loaded only when a cart has lines (cart-drawer.tsx).

/** The server's cart with the changes on their way applied. */
function useOptimisticCart(): { cart: CartView | null; serverCart: CartView | null } {
  const serverCart = useCartLayoutData()?.cart ?? null;
  const intents = usePendingCartForms().flatMap((form) => intentFromForm(form) ?? []);
  return { cart: applyCartIntents(serverCart, intents), serverCart };
}

export function CartLines({ returnTo }: { returnTo: string }) {
  const { cart, serverCart } = useOptimisticCart();
  const lines = cart?.lines ?? [];
  // A line being removed stays mounted (hidden) until the server answers, so a failure can
  // bring it back and say why.
  const leaving = (serverCart?.lines ?? []).filter(
    (line) => !lines.some((shown) => shown.id === line.id),
  );
  return (
    <>
      {lines.length === 0 ? <EmptyCartText /> : null}
      <ul className="divide-y divide-slate-200" aria-label="Items in your cart">
        {[
          ...lines.map((line) => ({ line, hidden: false })),
          ...leaving.map((line) => ({ line, hidden: true })),
        ].map(({ line, hidden }) => (
          <CartLineItem key={line.id} line={line} returnTo={returnTo} hidden={hidden} />
        ))}
      </ul>
    </>
  );
}

export function CartSubtotal() {
  const { cart } = useOptimisticCart();
  if (!cart || cart.lines.length === 0) return null;
  return (
    <p className="flex items-baseline justify-between text-base">
      <span className="font-medium text-slate-900">Subtotal</span>
      <span className="font-semibold text-slate-900" data-testid="cart-subtotal">
        {formatCartMoney(cart.cost.subtotalAmount)}
      </span>
    </p>
  );
}
