import { createHash } from "node:crypto";
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
  IdentityProviderUnavailableError,
  type PendingSignIn,
  RefreshRejectedError,
  refreshCustomerTokens,
  shopifyCustomerAccountIssuer,
} from "./oidc.server";
import { type CustomerSession, isAccessTokenValid, sessionFromTokens } from "./session.server";

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

/** SPEC.md §4, §9: one refresh, then up to 3 retries waiting 1 s × attempt. */
export const REFRESH_RETRY_DELAYS_MS = [1000, 2000, 3000] as const;

export type RefreshOutcome =
  | { status: "valid"; session: CustomerSession; refreshed: boolean }
  | { status: "rejected" }
  | { status: "unavailable" };

export interface RefreshTiming {
  delaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A refresh shared by concurrent requests of one customer: with refresh-token rotation, two
 * requests refreshing the same token at once would make the provider reject the second (and so
 * sign the customer out). The result is kept for a minute for requests still carrying the old
 * cookies; the key is a hash, never the token itself.
 */
export function sharedRefresh(config: Config, cache: Cache, session: CustomerSession) {
  return (refreshToken: string) =>
    cache.fetch(
      `refresh:${createHash("sha256").update(refreshToken).digest("base64url")}`,
      async () =>
        sessionFromTokens(await refreshCustomerTokens(oidcSettings(config), refreshToken), session),
      { ttlSeconds: 60 },
    );
}

/**
 * Makes sure the session's access token is usable. A token past its expiry is refreshed; a
 * provider that is down is retried; only a refresh token the provider rejects (`invalid_grant`)
 * ends the session, never a timeout or a 5xx.
 */
export async function ensureFreshSession(
  config: Config,
  session: CustomerSession,
  timing: RefreshTiming = {},
  refresh: (refreshToken: string) => Promise<CustomerSession> = async (refreshToken) =>
    sessionFromTokens(await refreshCustomerTokens(oidcSettings(config), refreshToken), session),
): Promise<RefreshOutcome> {
  if (isAccessTokenValid(session)) return { status: "valid", session, refreshed: false };
  if (!session.refreshToken) return { status: "rejected" };
  const delays = timing.delaysMs ?? REFRESH_RETRY_DELAYS_MS;
  const sleep = timing.sleep ?? sleepFor;
  for (let attempt = 0; attempt <= delays.length; attempt += 1) {
    if (attempt > 0) await sleep(delays[attempt - 1] ?? 0);
    try {
      return { status: "valid", session: await refresh(session.refreshToken), refreshed: true };
    } catch (error) {
      if (error instanceof RefreshRejectedError) return { status: "rejected" };
      if (!(error instanceof IdentityProviderUnavailableError)) throw error;
    }
  }
  return { status: "unavailable" };
}
