import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { CART_ACTION } from "../../lib/commerce/cart-pending";
import { SignInButton } from "../account/sign-in-button";
import { lazyComponent } from "../lazy";
import { PartSuspense } from "../part-suspense";
import { CloseButton } from "../ui/close-button";
import { useAfterNavigation } from "../ui/use-after-navigation";
import { ChunkBoundary } from "./chunk-boundary";
import { CART_DRAWER_ID, closeCartDrawer, openCartDrawer } from "./drawer-commands";
import { EmptyCartText } from "./empty-cart-text";
import { showToast } from "./toast-queue";
import { useCartLayoutData, useCartQuantity, usePendingCartForms } from "./use-cart";

// product §8: the empty cart's toast, shown for 3 s (§9).
const EMPTY_CART_TOAST = {
  title: "Empty Cart",
  description: "Your cart is empty!",
  durationMs: 3_000,
};

// Lines and subtotal ship only to pages whose cart has lines (docs/decisions/001).
const loadContents = () => import("./cart-contents");
const CartLines = lazyComponent(() => loadContents().then((module) => module.CartLines));
const CartSubtotal = lazyComponent(() => loadContents().then((module) => module.CartSubtotal));

/**
 * The cart drawer is a native modal <dialog>: focus is trapped while it is open, Escape closes it
 * and focus returns to the button that opened it, with no dialog library in the bundle.
 */
export function CartDrawer({ signedIn }: { signedIn: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const layout = useCartLayoutData();
  const quantity = useCartQuantity();
  const pending = usePendingCartForms();
  const hasLines = (layout?.cart?.lines.length ?? 0) > 0 || pending.length > 0;
  // product §4, §8: the session could not be verified at checkout; the drawer asks to log in again.
  const reauthenticate = layout?.notice?.reauthenticate === true;
  // product §6: commercial-only products need a signed-in commercial customer; sign in, then back.
  const signInTo = layout?.notice?.signInTo;
  // product §4: a navigation (a product link inside the drawer, say) closes the drawer.
  const { pathname, search } = location;
  useAfterNavigation(`${pathname}${search}`, closeCartDrawer);
  useEffect(() => {
    if (reauthenticate || signInTo) openCartDrawer();
  }, [reauthenticate, signInTo]);
  // product §4: when the page learns that the customer's session ended, their cart is gone and
  // the drawer closes.
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (wasSignedIn.current && !signedIn) closeCartDrawer();
    wasSignedIn.current = signedIn;
  }, [signedIn]);
  // A cart change posted without JavaScript comes back with the drawer open (not modal: only
  // script can make a dialog modal). Once the page wakes it becomes the modal drawer it is with
  // JavaScript. Fixed for the drawer's life, so a later render never reopens it.
  const [openAtLoad] = useState(layout?.openDrawer === true);
  useEffect(() => {
    const drawer = ref.current;
    if (!drawer?.open || drawer.matches(":modal")) return;
    drawer.close();
    openCartDrawer();
  }, []);
  // product §8: while the server decides where checkout goes (the purchase-order flow or not).
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    // Coming back through the browser's history shows the page as it was left: not checking.
    const reset = () => setChecking(false);
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a pointer affordance; Escape is the keyboard equivalent.
    <dialog
      id={CART_DRAWER_ID}
      ref={ref}
      open={openAtLoad || undefined}
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
          <CloseButton label="Close cart" commandfor={CART_DRAWER_ID} command="close" />
        </div>
        <div className="flex-1 overflow-y-auto px-5">
          {layout?.unavailable ? (
            <p role="status" className="py-6 text-slate-700">
              Your cart could not be loaded just now. It is safe: please try again in a moment.
            </p>
          ) : hasLines ? (
            <ChunkBoundary>
              <PartSuspense fallback={<p className="py-6 text-slate-700">Loading your cart…</p>}>
                <CartLines returnTo={returnTo} />
              </PartSuspense>
            </ChunkBoundary>
          ) : (
            <EmptyCartText />
          )}
        </div>
        <div className="border-t border-slate-200 px-5 py-4">
          {hasLines ? (
            <ChunkBoundary>
              <PartSuspense fallback={null}>
                <CartSubtotal />
              </PartSuspense>
            </ChunkBoundary>
          ) : null}
          <p className="mt-1 text-sm text-slate-600">
            GST included. Shipping is calculated at checkout.
          </p>
          {reauthenticate ? (
            <div role="alert" className="mt-4 rounded-md border border-coral-600 bg-orange-50 p-3">
              <p className="text-slate-900">For your security, please log in again to continue.</p>
              <div className="mt-3">
                <SignInButton returnTo={returnTo} label="Log In" />
              </div>
            </div>
          ) : null}
          {signInTo && !reauthenticate ? (
            <div role="alert" className="mt-4 rounded-md border border-coral-600 bg-orange-50 p-3">
              <p className="text-slate-900">Please log in to complete your purchase order.</p>
              <div className="mt-3">
                <SignInButton returnTo={signInTo} label="Log In" />
              </div>
            </div>
          ) : null}
          {checking ? (
            <p role="status" className="mt-4 text-slate-700">
              Checking Commercial Access Status...
            </p>
          ) : null}
          <form
            method="post"
            action={CART_ACTION}
            className="mt-4"
            onSubmit={(event) => {
              // product §8: an empty cart shows a toast instead of going to checkout. A cart with
              // lines goes through the server (the browser follows its redirect to checkout).
              if (quantity === 0) {
                event.preventDefault();
                showToast(EMPTY_CART_TOAST);
                return;
              }
              setChecking(true);
            }}
          >
            <input type="hidden" name="intent" value="checkout" />
            <input type="hidden" name="redirectTo" value={returnTo} />
            <button
              type="submit"
              disabled={checking}
              className="inline-flex min-h-12 w-full disabled:opacity-60 items-center justify-center rounded-md bg-lagoon-700 px-6 py-3 font-semibold text-white hover:bg-lagoon-800"
            >
              Checkout
            </button>
          </form>
        </div>
      </div>
    </dialog>
  );
}
