import { randomUUID } from "node:crypto";
import type { Config } from "../config";
import { type CartView, toCartView } from "./cart";
import { createCartApi } from "./cart.server";
import { clearCartCookie, usableCartSession } from "./cart-cookie.server";
import { type CartNotice, takeCartNotice, takeOpenDrawer } from "./cart-notice.server";
import { type StorefrontClient, StorefrontError } from "./storefront.server";

// What every page's layout (the root loader) shows of the cart.

export interface CartLayoutData {
  cart: CartView | null;
  /** The cart could not be read just now (the Storefront API failed); it was not emptied. */
  unavailable: boolean;
  /**
   * Sent with add and quantity forms so a double-submitted form (no JavaScript, a double click,
   * a re-sent POST) changes the cart once; a new one comes with every page (the drawer's code
   * sends a fresh one with each change). None without a cart: an add without one starts a cart, and a
   * key cannot make that happen once (cart-changes.server.ts).
   */
  formKey: string | null;
  /** A message from a form posted without JavaScript, shown once. */
  notice: CartNotice | null;
  /** A cart change posted without JavaScript came back here: the page shows the drawer open. */
  openDrawer: boolean;
}

export interface CartServices {
  config: Pick<Config, "env">;
  logger: { warn(details: Record<string, unknown>, message: string): void };
  storefront(buyerIp?: string): StorefrontClient;
}

/** The request's cart as the browser may see it, and the cookies to set (a cart gone). */
export async function loadCart(
  request: Request,
  services: CartServices,
  buyerIp?: string,
): Promise<{ cart: CartView | null; unavailable: boolean; headers: Headers }> {
  const headers = new Headers();
  const session = await usableCartSession(request);
  if (session.ended) headers.append("Set-Cookie", await clearCartCookie(services.config));
  if (!session.cartId) return { cart: null, unavailable: false, headers };
  try {
    const cart = await createCartApi(services.storefront(buyerIp)).get(session.cartId);
    // Completed at checkout or expired: forget it, the next add starts a new one.
    if (!cart) headers.append("Set-Cookie", await clearCartCookie(services.config));
    return { cart: cart ? toCartView(cart) : null, unavailable: false, headers };
  } catch (error) {
    if (!(error instanceof StorefrontError)) throw error;
    services.logger.warn({ err: error }, "the cart could not be read");
    return { cart: null, unavailable: true, headers };
  }
}

export async function loadCartForLayout(
  request: Request,
  services: CartServices,
  buyerIp?: string,
): Promise<{ data: CartLayoutData; headers: Headers }> {
  const { cart, unavailable, headers } = await loadCart(request, services, buyerIp);
  const { notice, setCookie } = await takeCartNotice(request, services.config);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  const drawer = await takeOpenDrawer(request, services.config);
  if (drawer.setCookie) headers.append("Set-Cookie", drawer.setCookie);
  const formKey = cart || unavailable ? randomUUID() : null;
  return { data: { cart, unavailable, formKey, notice, openDrawer: drawer.open }, headers };
}
