import { z } from "zod";
import type { Config } from "../config";
import { createFlashCookie } from "../forms/flash-cookie.server";
import { CART_DRAWER_COOKIE, CART_NOTICE_COOKIE } from "../personal-cookies";

// A one-time message after a cart form the browser posted itself (no JavaScript).

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

const noticeCookie = createFlashCookie(CART_NOTICE_COOKIE, CartNoticeSchema);

export function serializeCartNotice(notice: CartNotice, config: Pick<Config, "env">) {
  return noticeCookie.serialize(notice, config);
}

/** The request's notice, and the Set-Cookie header that clears it (a bad cookie shows nothing). */
export async function takeCartNotice(
  request: Request,
  config: Pick<Config, "env">,
): Promise<{ notice: CartNotice | null; setCookie?: string }> {
  const { value, setCookie } = await noticeCookie.take(request, config);
  return setCookie ? { notice: value, setCookie } : { notice: value };
}

// After a cart change posted without JavaScript, the page the browser returns to shows the drawer
// open, as the change would have left it with JavaScript (product §4).
const drawerCookie = createFlashCookie(CART_DRAWER_COOKIE, z.literal("open"));

export function serializeOpenDrawer(config: Pick<Config, "env">) {
  return drawerCookie.serialize("open", config);
}

/** Whether the page shows the drawer open, and the Set-Cookie header that clears the request. */
export async function takeOpenDrawer(
  request: Request,
  config: Pick<Config, "env">,
): Promise<{ open: boolean; setCookie?: string }> {
  const { value, setCookie } = await drawerCookie.take(request, config);
  return setCookie ? { open: value === "open", setCookie } : { open: false };
}
