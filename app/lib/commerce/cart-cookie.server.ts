import { createCookie } from "react-router";
import type { Config } from "../config";
import { isSignedIn } from "../customer/session-cookie";
import { CART_COOKIE } from "../personal-cookies";

// The cookie that names the shopper's cart.

/** Shopify keeps an untouched cart for about ten days; the cookie outlives that a little. */
export const CART_COOKIE_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;

/**
 * What the cart cookie holds: the cart id, and whether the cart was last changed by a signed-in
 * customer — such a cart is emptied when that session ends (ARCHITECTURE: "Cart persistence").
 */
export interface CartSession {
  cartId: string | null;
  customer: boolean;
}

const cartCookie = createCookie(CART_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: CART_COOKIE_MAX_AGE_SECONDS,
});

/** Secure in production (ARCHITECTURE rule 1); browsers accept it on http://localhost too. */
export const secureCartCookies = (config: Pick<Config, "env">) => config.env === "production";

export async function readCartSession(request: Request): Promise<CartSession> {
  const value = (await cartCookie.parse(request.headers.get("Cookie"))) as unknown;
  if (value && typeof value === "object" && "id" in value && typeof value.id === "string") {
    return { cartId: value.id, customer: "customer" in value && value.customer === true };
  }
  return { cartId: null, customer: false };
}

export function serializeCartSession(
  session: { cartId: string; customer: boolean },
  config: Pick<Config, "env">,
): Promise<string> {
  return cartCookie.serialize(
    { id: session.cartId, customer: session.customer },
    { secure: secureCartCookies(config) },
  );
}

export function clearCartCookie(config: Pick<Config, "env">): Promise<string> {
  return cartCookie.serialize("", {
    maxAge: 0,
    expires: new Date(0),
    secure: secureCartCookies(config),
  });
}

/**
 * The cart this request may use. A cart a signed-in customer changed is out of reach once the
 * session cookie is gone (product §4: emptied when no session cookie exists).
 */
export async function usableCartSession(
  request: Request,
): Promise<CartSession & { ended: boolean }> {
  const session = await readCartSession(request);
  const ended = session.customer && !isSignedIn(request.headers.get("Cookie"));
  return ended ? { cartId: null, customer: false, ended } : { ...session, ended };
}
