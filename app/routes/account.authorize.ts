import { redirect } from "react-router";
import { CodeVerifierNotFoundError, completeSignIn } from "../lib/customer/auth.server";
import { IdentityProviderUnavailableError, SignInFailedError } from "../lib/customer/oidc.server";
import { withCookies } from "../lib/customer/session.server";
import { servicesContext } from "../lib/request-context.server";
import type { Route } from "./+types/account.authorize";

const NO_STORE = { "Cache-Control": "no-store" };

/** The sign-in callback: the code is exchanged on the server and a session starts there. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { logger } = context.get(servicesContext);
  const url = new URL(request.url);
  if (url.searchParams.has("error")) return redirect("/login?error=cancelled");
  try {
    const { returnTo, setCookies } = await completeSignIn(
      request,
      context.get(servicesContext),
      url,
    );
    return redirect(returnTo, { headers: withCookies(setCookies, NO_STORE) });
  } catch (error) {
    // A stale or replayed callback (the back button after signing in, a second tab), or one this
    // browser never started (login CSRF): nobody is signed in. The login page says so and
    // offers a fresh sign-in, coming back as asked.
    if (error instanceof CodeVerifierNotFoundError) {
      return redirect("/login?error=expired", { headers: NO_STORE });
    }
    if (error instanceof SignInFailedError) {
      logger.warn({ code: error.code }, "sign-in failed");
      return redirect("/login?error=failed", { headers: NO_STORE });
    }
    if (error instanceof IdentityProviderUnavailableError) {
      logger.warn({ err: error }, "sign-in failed: the provider is unavailable");
      return redirect("/login?error=unavailable", { headers: NO_STORE });
    }
    throw error;
  }
}
