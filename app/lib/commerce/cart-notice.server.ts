import { createCookie } from "react-router";
import { z } from "zod";
import type { Config } from "../config";
import { CART_NOTICE_COOKIE } from "../personal-cookies";
import { secureCartCookies } from "./cart-cookie.server";

// A one-time message after a cart form the browser posted itself (no JavaScript): the action
// redirects back with it in a short-lived cookie, and the next page shows it once.

export const CartNoticeSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  kind: z.enum(["error", "info"]),
  /** The session could not be verified at checkout: the drawer asks to log in again. */
  reauthenticate: z.literal(true).optional(),
  /** product §8: after the toast has shown for 3 s the page goes here (the purchase-order flow). */
  goTo: z.literal("/purchase-order-checkout").optional(),
  /** product §6: an anonymous visitor must sign in first; the drawer offers it, coming back here. */
  signInTo: z.literal("/purchase-order-checkout").optional(),
});

export type CartNotice = z.infer<typeof CartNoticeSchema>;

const noticeCookie = createCookie(CART_NOTICE_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60,
});

export function serializeCartNotice(notice: CartNotice, config: Pick<Config, "env">) {
  return noticeCookie.serialize(notice, { secure: secureCartCookies(config) });
}

/**
 * The request's notice, and the Set-Cookie header that clears it. The cookie comes from the
 * browser, so it is checked: a malformed or tampered one is cleared and shows nothing.
 */
export async function takeCartNotice(
  request: Request,
  config: Pick<Config, "env">,
): Promise<{ notice: CartNotice | null; setCookie?: string }> {
  const value = (await noticeCookie.parse(request.headers.get("Cookie"))) as unknown;
  if (value === null) return { notice: null };
  const parsed = CartNoticeSchema.safeParse(value);
  return {
    notice: parsed.success ? parsed.data : null,
    setCookie: await noticeCookie.serialize("", {
      maxAge: 0,
      expires: new Date(0),
      secure: secureCartCookies(config),
    }),
  };
}
