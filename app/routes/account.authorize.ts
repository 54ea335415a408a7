import { data, redirect } from "react-router";
import { CodeVerifierNotFoundError, completeSignIn } from "../lib/customer/auth.server";
import { IdentityProviderUnavailableError, SignInFailedError } from "../lib/customer/oidc.server";
import { commitSession, withCookies } from "../lib/customer/session.server";
import type { Route } from "./+types/account.authorize";

/** The sign-in callback: the code is exchanged on the server and the tokens go into cookies. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, cache, logger } = context.services;
  const url = new URL(request.url);
  if (url.searchParams.has("error")) return redirect("/login?error=cancelled");
  try {
    const { session, returnTo } = await completeSignIn(config, cache, url);
    return redirect(returnTo, {
      headers: withCookies(await commitSession(session, config), { "Cache-Control": "no-store" }),
    });
  } catch (error) {
    // A stale or replayed callback (the back button after signing in, a second tab): its one-time
    // verifier is gone. The login page says so and offers a fresh sign-in, coming back as asked.
    if (error instanceof CodeVerifierNotFoundError) {
      return redirect("/login?error=expired", { headers: { "Cache-Control": "no-store" } });
    }
    if (error instanceof SignInFailedError) {
      logger.warn({ code: error.code }, "sign-in failed");
      return redirect("/login?error=failed");
    }
    // The provider is down or did not answer in time: the error page, never a 500.
    if (error instanceof IdentityProviderUnavailableError) {
      logger.warn({ err: error }, "sign-in failed: the identity provider is unavailable");
      throw data(null, { status: 503, headers: { "Cache-Control": "no-store" } });
    }
    throw error;
  }
}
