import { type RefreshTiming, readFreshSession, type SessionServices } from "./fresh-session.server";
import type { CustomerSession } from "./session.server";

/** product §8: what the drawer and the toast say when the session cannot be verified. */
export const REAUTH_MESSAGE = "For your security, please log in again to continue.";
export const REAUTH_TOAST = {
  title: "Authentication Required",
  description: "For security reasons, you must log in again before checkout.",
};

/**
 * product §4: before a signed-in customer's checkout the session is verified; an expired token
 * gets one refresh with up to 3 retries (1 s, 2 s, 3 s). If it still fails, re-login is required.
 * The cookies stay as they are on failure, so signing in again keeps the customer's cart.
 */
export async function verifyCheckoutSession(
  request: Request,
  services: SessionServices,
  timing: RefreshTiming = {},
): Promise<
  { ok: true; session: CustomerSession; setCookies: string[] } | { ok: false; setCookies: [] }
> {
  const fresh = await readFreshSession(request, services, { timing });
  return fresh.status === "signed-in"
    ? { ok: true, session: fresh.session, setCookies: fresh.setCookies }
    : { ok: false, setCookies: [] };
}
