import { data } from "react-router";
import {
  CUSTOMER_ERRORS,
  CustomerActionError,
  customerAccount,
} from "../lib/customer/account.server";
import {
  beginSignIn,
  CodeVerifierNotFoundError,
  completeSignIn,
  ensureFreshSession,
  safeReturnTo,
  sharedRefresh,
} from "../lib/customer/auth.server";
import { SignInFailedError } from "../lib/customer/oidc.server";
import {
  commitSession,
  destroySession,
  isAccessTokenValid,
  readSession,
  withCookies,
} from "../lib/customer/session.server";
import { errorResponse, readBody } from "../lib/request-body.server";
import type { Route } from "./+types/api.auth";

/**
 * SPEC.md §7's /api/auth/* endpoints, done the secure way (ARCHITECTURE.md, rule 1): the PKCE
 * verifier and state stay on the server and tokens stay in httpOnly cookies, so the browser sends
 * and receives no secret. Each endpoint does the job its name says.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.action !== "authorize") return errorResponse("Not found", 404);
  const { config, cache } = context.services;
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  const url = await beginSignIn(config, cache, returnTo);
  return data(
    { url: url.toString(), state: url.searchParams.get("state") },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { config, cache } = context.services;
  if (request.method !== "POST") return errorResponse("Method not allowed", 405);
  const body = await readBody(request);
  if (!body) return errorResponse("Expected a JSON or form body", 400);

  switch (params.action) {
    case "obtainAccessToken": {
      const code = typeof body.code === "string" ? body.code : "";
      const state = typeof body.state === "string" ? body.state : "";
      if (!code) return errorResponse("Missing authorization code", 400, { field: "code" });
      try {
        const callback = new URL(`${config.publicUrl}/account/authorize`);
        callback.searchParams.set("code", code);
        callback.searchParams.set("state", state);
        const { session, returnTo } = await completeSignIn(config, cache, callback);
        return data(
          { signedIn: true, expiresAt: session.accessTokenExpiresAt, returnTo },
          {
            headers: withCookies(await commitSession(session, config), {
              "Cache-Control": "no-store",
            }),
          },
        );
      } catch (error) {
        if (error instanceof CodeVerifierNotFoundError)
          return errorResponse(error.message, 400, { field: "state" });
        if (error instanceof SignInFailedError)
          return errorResponse("Sign-in failed", 400, { code: error.code });
        return errorResponse("Sign-in is unavailable, please try again", 503);
      }
    }
    case "exchangeToken":
    case "refreshAccessToken":
    case "fetchCustomerData": {
      const session = await readSession(request, config);
      if (!session) return errorResponse(CUSTOMER_ERRORS.noToken, 401);
      if (
        params.action === "exchangeToken" &&
        !isAccessTokenValid(session) &&
        !session.refreshToken
      ) {
        return errorResponse(CUSTOMER_ERRORS.invalidToken, 401);
      }
      const outcome =
        params.action === "refreshAccessToken"
          ? await ensureFreshSession(
              config,
              { ...session, accessTokenExpiresAt: 0 },
              {},
              sharedRefresh(config, cache, session),
            )
          : await ensureFreshSession(config, session, {}, sharedRefresh(config, cache, session));
      if (outcome.status === "rejected") {
        // The provider ended the session: forget its tokens too.
        return data(
          { error: CUSTOMER_ERRORS.invalidToken, status: 401 },
          {
            status: 401,
            headers: withCookies(await destroySession(config), { "Cache-Control": "no-store" }),
          },
        );
      }
      if (outcome.status === "unavailable")
        return errorResponse("Sign-in is unavailable, please try again", 503);
      const headers = withCookies(
        outcome.refreshed ? await commitSession(outcome.session, config) : [],
        {
          "Cache-Control": "no-store",
        },
      );
      if (params.action !== "fetchCustomerData") {
        return data({ valid: true, expiresAt: outcome.session.accessTokenExpiresAt }, { headers });
      }
      try {
        const customer = await customerAccount(context.services, outcome.session).profile();
        return data({ data: { customer } }, { headers });
      } catch (error) {
        const status = error instanceof CustomerActionError ? error.status : 502;
        return errorResponse(CUSTOMER_ERRORS.fetch, status >= 500 ? 502 : status);
      }
    }
    default:
      return errorResponse("Not found", 404);
  }
}
