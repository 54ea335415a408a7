import { SESSION_COOKIE } from "./customer/session-cookie";
import { STAFF_COOKIE } from "./staff/staff-cookie";

export const CART_COOKIE = "lagoon_cart";
/** A one-time cart message after a form posted without JavaScript (e.g. 'Empty Cart'). */
export const CART_NOTICE_COOKIE = "lagoon_cart_notice";
/** After a cart change posted without JavaScript: the page it returns to shows the drawer open. */
export const CART_DRAWER_COOKIE = "lagoon_cart_drawer";
/** The newsletter form's outcome after a post without JavaScript (it may hold the typed email). */
export const NEWSLETTER_NOTICE_COOKIE = "lagoon_newsletter_notice";

const PERSONAL_COOKIES = [
  SESSION_COOKIE,
  STAFF_COOKIE,
  CART_COOKIE,
  CART_NOTICE_COOKIE,
  CART_DRAWER_COOKIE,
  NEWSLETTER_NOTICE_COOKIE,
  "io.prismic.preview",
];

export function hasPersonalCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => {
    const name = pair.split("=")[0]?.trim();
    return name !== undefined && PERSONAL_COOKIES.includes(name);
  });
}
