import { data } from "react-router";
import type { AppContext } from "../context.server";
import { errorResponse, readBody } from "../request-body.server";
import { CUSTOMER_ERRORS, CustomerActionError, customerAccount } from "./account.server";
import {
  beginSignIn,
  CodeVerifierNotFoundError,
  completeSignIn,
  SIGN_IN_CALLBACK_PATH,
  safeReturnTo,
} from "./auth.server";
import { endSession, requireApiSession, SIGN_IN_UNAVAILABLE } from "./fresh-session.server";
import { SignInFailedError } from "./oidc.server";
import { withCookies } from "./session.server";

// product §7's /api/auth/* endpoints, done the secure way (ARCHITECTURE.md, rule 1): the PKCE
// verifier and state stay on the server, bound to the browser that asked, and the tokens stay in
// the server's session record, so the browser sends and receives no secret (decisions 002, 006). Each endpoint does the job its name says.

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/auth/authorize: `{ url, state }` of a sign-in whose verifier stays here. */
export async function authorizeSignIn(request: Request, services: AppContext) {
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  const { url, setCookie } = await beginSignIn(request, services.config, services.state, returnTo);
  return data(
    { url: url.toString(), state: url.searchParams.get("state") },
    { headers: withCookies([setCookie], NO_STORE) },
  );
}

/** POST /api/auth/{endpoint}: the customer is always the session's (its record on the server). */
export async function handleAuthApiAction(
  request: Request,
  endpoint: string | undefined,
  services: AppContext,
) {
  if (request.method !== "POST") return errorResponse("Method not allowed", 405);
  const body = await readBody(request);
  if (!body) return errorResponse("Expected a JSON or form body", 400);

  switch (endpoint) {
    case "obtainAccessToken":
      return obtainAccessToken(request, body, services);
    case "exchangeToken":
    case "refreshAccessToken": {
      const { session, headers } = await requireApiSession(request, services, {
        forceRefresh: endpoint === "refreshAccessToken",
      });
      return data({ valid: true, expiresAt: session.accessTokenExpiresAt }, { headers });
    }
    case "fetchCustomerData": {
      const { session, headers } = await requireApiSession(request, services);
      try {
        const customer = await customerAccount(services, session).profile();
        return data({ data: { customer } }, { headers });
      } catch (error) {
        const status = error instanceof CustomerActionError ? error.status : 502;
        if (status === 401) {
          // The platform no longer accepts the session's token: the session ends here too.
          return data(
            { error: CUSTOMER_ERRORS.invalidToken, status },
            { status, headers: withCookies(await endSession(services, session), NO_STORE) },
          );
        }
        return errorResponse(CUSTOMER_ERRORS.fetch, status >= 500 ? 502 : status);
      }
    }
    default:
      return errorResponse("Not found", 404);
  }
}

/** The code and state of the provider's callback, posted here instead of to /account/authorize. */
async function obtainAccessToken(
  request: Request,
  body: Record<string, unknown>,
  services: AppContext,
) {
  const { config } = services;
  const code = typeof body.code === "string" ? body.code : "";
  const state = typeof body.state === "string" ? body.state : "";
  if (!code) return errorResponse("Missing authorization code", 400, { field: "code" });
  try {
    const callback = new URL(`${config.publicUrl}${SIGN_IN_CALLBACK_PATH}`);
    callback.searchParams.set("code", code);
    callback.searchParams.set("state", state);
    const { session, returnTo, setCookies } = await completeSignIn(request, services, callback);
    return data(
      { signedIn: true, expiresAt: session.accessTokenExpiresAt, returnTo },
      { headers: withCookies(setCookies, NO_STORE) },
    );
  } catch (error) {
    if (error instanceof CodeVerifierNotFoundError)
      return errorResponse(error.message, 400, { field: "state" });
    if (error instanceof SignInFailedError)
      return errorResponse("Sign-in failed", 400, { code: error.code });
    return errorResponse(SIGN_IN_UNAVAILABLE, 503);
  }
}
