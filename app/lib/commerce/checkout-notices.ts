import type { Cart } from "./cart";
import type { CartNotice } from "./cart-notice.server";

// Where checkout goes instead of the platform's checkout (product §6), and what the shopper is told.

// product §8's checkout toasts for the purchase-order flow (5 s).
export const COMMERCIAL_CUSTOMER_NOTICE: CartNotice = {
  title: "Commercial Customer",
  description: "As a commercial customer, you must use the purchase order process. Redirecting...",
  kind: "info",
  goTo: "/purchase-order-checkout",
};
export const COMMERCIAL_PRODUCTS_NOTICE: CartNotice = {
  title: "Commercial Products",
  description:
    "Your cart contains commercial-only products. Please log in to complete your purchase order.",
  kind: "error",
  signInTo: "/purchase-order-checkout",
};
// A signed-in customer without a trade account cannot place a purchase order (Lagoon's text).
export const TRADE_ONLY_NOTICE: CartNotice = {
  title: "Commercial Products",
  description:
    "Your cart contains commercial-only products, sold to trade customers by purchase order. Remove them to check out, or contact us to open a trade account.",
  kind: "error",
};

/** product §6: a product whose productType is `commercial` is sold by purchase order only. */
export function hasCommercialProducts(cart: Pick<Cart, "lines">): boolean {
  return cart.lines.some((line) => line.productType.trim().toLowerCase() === "commercial");
}
