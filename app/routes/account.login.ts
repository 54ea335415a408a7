import { redirect } from "react-router";
import { beginSignIn, safeReturnTo } from "../lib/customer/auth.server";
import type { Route } from "./+types/account.login";

/** Starts sign-in with the platform's customer login (OpenID Connect, PKCE). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, cache } = context.services;
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  const url = await beginSignIn(config, cache, returnTo);
  return redirect(url.toString(), { headers: { "Cache-Control": "no-store" } });
}
