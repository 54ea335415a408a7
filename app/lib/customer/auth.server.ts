import type { Cache } from "../cache";
import type { Config } from "../config";
import { safeRedirectPath } from "../safe-redirect";
import {
  type CustomerAccountClientSettings,
  customerAccountApiUrl,
} from "./customer-account.server";
import {
  type CustomerAccountOidcSettings,
  createSignInRequest,
  exchangeAuthorizationCode,
  type PendingSignIn,
  shopifyCustomerAccountIssuer,
} from "./oidc.server";
import { type CustomerSession, sessionFromTokens } from "./session.server";

export const CUSTOMER_ACCOUNT_EMULATOR_PATH = "/_emulators/customer-account";
export const EMBEDDED_CLIENT_ID = "lagoon-embedded";
export const SIGN_IN_CALLBACK_PATH = "/account/authorize";

/** The OIDC issuer: Shopify's for the shop, or the customer-account emulator's. */
export function customerAccountIssuer(config: Config): string {
  return config.customerAccount.mode === "connected"
    ? shopifyCustomerAccountIssuer(config.customerAccount.shopId)
    : `${config.publicUrl}${CUSTOMER_ACCOUNT_EMULATOR_PATH}`;
}

export function oidcSettings(config: Config): CustomerAccountOidcSettings {
  return {
    issuer: customerAccountIssuer(config),
    clientId:
      config.customerAccount.mode === "connected"
        ? config.customerAccount.clientId
        : EMBEDDED_CLIENT_ID,
    redirectUri: `${config.publicUrl}${SIGN_IN_CALLBACK_PATH}`,
    postLogoutRedirectUri: `${config.publicUrl}/`,
  };
}

export function customerAccountClientSettings(config: Config): CustomerAccountClientSettings {
  const base =
    config.customerAccount.mode === "connected"
      ? `https://shopify.com/${config.customerAccount.shopId}`
      : `${config.publicUrl}${CUSTOMER_ACCOUNT_EMULATOR_PATH}`;
  return { apiUrl: customerAccountApiUrl(base), origin: config.publicUrl };
}

/** Only same-site paths: a returnTo pointing elsewhere would make sign-in an open redirect. */
export const safeReturnTo = (value: string | null | undefined, fallback = "/account") =>
  safeRedirectPath(value, fallback);

const PENDING_TTL_SECONDS = 10 * 60;
const pendingKey = (state: string) => `sign-in:${state}`;

type StoredSignIn = PendingSignIn & { returnTo: string };

/** Starts sign-in: the PKCE verifier, state and nonce stay on the server, keyed by state. */
export async function beginSignIn(config: Config, cache: Cache, returnTo: string): Promise<URL> {
  const { url, pending } = await createSignInRequest(oidcSettings(config));
  await cache.set<StoredSignIn>(
    pendingKey(pending.state),
    { ...pending, returnTo },
    { ttlSeconds: PENDING_TTL_SECONDS },
  );
  return url;
}

export class CodeVerifierNotFoundError extends Error {
  override name = "CodeVerifierNotFoundError";
  constructor() {
    super("Code verifier not found");
  }
}

/** Completes sign-in at the callback. A state we did not issue (or already used) is refused. */
export async function completeSignIn(
  config: Config,
  cache: Cache,
  callbackUrl: URL,
): Promise<{ session: CustomerSession; returnTo: string }> {
  const state = callbackUrl.searchParams.get("state");
  const stored = state ? await cache.get<StoredSignIn>(pendingKey(state)) : undefined;
  if (!state || !stored) throw new CodeVerifierNotFoundError();
  await cache.delete(pendingKey(state));
  const tokens = await exchangeAuthorizationCode(oidcSettings(config), callbackUrl, stored);
  return { session: sessionFromTokens(tokens), returnTo: safeReturnTo(stored.returnTo) };
}
