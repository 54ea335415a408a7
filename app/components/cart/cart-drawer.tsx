import { useRef } from "react";
import { CloseIcon } from "../ui/icons";

export const CART_DRAWER_ID = "cart-drawer";

/** Opens the drawer from code (after adding to the cart); the buttons open it declaratively. */
export function openCartDrawer() {
  const dialog = document.getElementById(CART_DRAWER_ID);
  if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
}

export function closeCartDrawer() {
  const dialog = document.getElementById(CART_DRAWER_ID);
  if (dialog instanceof HTMLDialogElement) dialog.close();
}

/**
 * The cart drawer is a native modal <dialog>: focus is trapped while it is open, Escape closes it
 * and focus returns to the button that opened it, with no dialog library in the bundle.
 */
export function CartDrawer({ children }: { children?: React.ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a pointer affordance; Escape is the keyboard equivalent.
    <dialog
      id={CART_DRAWER_ID}
      ref={ref}
      aria-labelledby="cart-drawer-title"
      closedby="any"
      className="drawer"
      onClick={(event) => {
        // Browsers without `closedby` still close on a backdrop click.
        if (event.target === ref.current) ref.current.close();
      }}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
          <h2 id="cart-drawer-title" className="text-lg font-semibold text-lagoon-900">
            Your cart
          </h2>
          <button
            type="button"
            commandfor={CART_DRAWER_ID}
            command="close"
            aria-label="Close cart"
            className="inline-flex size-10 items-center justify-center rounded-full hover:bg-slate-100"
          >
            <CloseIcon className="size-6" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-6">
          {children ?? (
            <p className="text-slate-700">
              Your cart is empty. There are no products in your cart.
            </p>
          )}
        </div>
      </div>
    </dialog>
  );
}
