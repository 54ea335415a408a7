import { redirect } from "react-router";
import { beginSignIn, safeReturnTo } from "../lib/customer/auth.server";
import { withCookies } from "../lib/customer/session.server";
import { servicesContext } from "../lib/request-context.server";
import type { Route } from "./+types/account.login";

/** Starts sign-in with the platform's customer login (OpenID Connect, PKCE, a bound state). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, state } = context.get(servicesContext);
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  const { url, setCookie } = await beginSignIn(request, config, state, returnTo);
  return redirect(url.toString(), {
    headers: withCookies([setCookie], { "Cache-Control": "no-store" }),
  });
}
