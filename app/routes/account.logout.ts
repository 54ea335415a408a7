import { redirect } from "react-router";
import { emptyCartOnSignOut } from "../lib/commerce/cart-sign-out.server";
import { oidcSettings } from "../lib/customer/auth.server";
import { createSignOutUrl, revokeRefreshToken } from "../lib/customer/oidc.server";
import {
  clearSessionCookie,
  deleteSession,
  readSession,
  withCookies,
} from "../lib/customer/session.server";
import { servicesContext, shopperContext } from "../lib/request-context.server";
import type { Route } from "./+types/account.logout";

/**
 * Signing out deletes the session on the server (a copy of its cookie is dead at once), revokes
 * the refresh token, and ends the provider's session too (product §7: its logout page with
 * id_token_hint and post_logout_redirect_uri; the request log redacts that token).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { config, logger } = services;
  const session = await readSession(request, services);
  if (session) await deleteSession(services, session.id);
  const settings = oidcSettings(config);
  const headers = withCookies(await clearSessionCookie(config), { "Cache-Control": "no-store" });
  // ARCHITECTURE.md: the signed-in customer's cart is emptied when the session ends.
  headers.append(
    "Set-Cookie",
    await emptyCartOnSignOut(request, services, context.get(shopperContext).buyerIp),
  );
  if (session?.refreshToken) {
    await revokeRefreshToken(settings, session.refreshToken).catch((error: unknown) =>
      logger.warn({ err: error }, "revoking the refresh token failed"),
    );
  }
  try {
    const signOutUrl = await createSignOutUrl(settings, session?.idToken);
    return redirect(signOutUrl.toString(), { headers });
  } catch (error) {
    logger.warn({ err: error }, "the provider's logout page is unavailable");
    return redirect("/", { headers });
  }
}

// Signing out changes state, so it takes a POST; a plain visit goes back to the account.
export function loader() {
  return redirect("/account");
}
