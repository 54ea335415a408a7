import type { Config } from "../config";
import { safeRedirectPath } from "../safe-redirect";
import { signedCookie } from "../signed-cookie.server";
import type { ExpiringState } from "../state/expiring-state.server";
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
import { type CustomerSession, createSession, type SessionStores } from "./session.server";
import { digest, randomId } from "./session-crypto.server";

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

/**
 * Binds a sign-in to the browser that started it (issue 14, finding 3: login CSRF). The cookie
 * holds a random value; the pending sign-in keeps only its hash, and the callback is refused
 * unless the browser brings the same value back. An attacker's callback link, opened in someone
 * else's browser, finds no binding there and signs nobody in.
 */
export const SIGN_IN_BINDING_COOKIE = "lagoon_sign_in";

// Lax: the provider sends the browser back with a top-level GET, which carries it.
const bindingCookie = signedCookie(SIGN_IN_BINDING_COOKIE, {
  path: "/",
  maxAgeSeconds: PENDING_TTL_SECONDS,
});

async function readBinding(request: Request, config: Config): Promise<string | null> {
  const value: unknown = await bindingCookie(config).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length >= 32 ? value : null;
}

type StoredSignIn = PendingSignIn & { returnTo: string; bindingHash: string };

/**
 * Starts sign-in: the PKCE verifier, state, nonce and return path stay on the server, keyed by
 * state; the browser gets the binding cookie (kept when it has one, so two tabs signing in at
 * once both work).
 */
export async function beginSignIn(
  request: Request,
  config: Config,
  state: Pick<ExpiringState, "put">,
  returnTo: string,
): Promise<{ url: URL; setCookie: string }> {
  const binding = (await readBinding(request, config)) ?? randomId();
  const { url, pending } = await createSignInRequest(oidcSettings(config));
  const stored: StoredSignIn = { ...pending, returnTo, bindingHash: digest(binding) };
  await state.put(pendingKey(pending.state), stored, PENDING_TTL_SECONDS * 1000);
  return { url, setCookie: await bindingCookie(config).serialize(binding) };
}

export class CodeVerifierNotFoundError extends Error {
  override name = "CodeVerifierNotFoundError";
  constructor() {
    super("Code verifier not found");
  }
}

/**
 * Completes sign-in at the callback and starts the session. A state we did not issue, already
 * used, or issued to another browser is refused before the code is exchanged.
 */
export async function completeSignIn(
  request: Request,
  services: SessionStores & { state: Pick<ExpiringState, "get" | "take"> },
  callbackUrl: URL,
  options: { deadlineMs?: number } = {},
): Promise<{ session: CustomerSession; returnTo: string; setCookies: string[] }> {
  const { config } = services;
  const state = callbackUrl.searchParams.get("state");
  const stored = state ? await services.state.get<StoredSignIn>(pendingKey(state)) : undefined;
  const binding = await readBinding(request, config);
  if (!state || !stored || !binding || digest(binding) !== stored.bindingHash) {
    throw new CodeVerifierNotFoundError();
  }
  // Used once: of two callbacks racing with the same state, only one goes on.
  if (!(await services.state.take<StoredSignIn>(pendingKey(state)))) {
    throw new CodeVerifierNotFoundError();
  }
  const { customerId, ...tokens } = await exchangeAuthorizationCode(
    oidcSettings(config),
    callbackUrl,
    stored,
    options,
  );
  const { session, setCookie } = await createSession(services, tokens, customerId);
  return {
    session,
    returnTo: safeReturnTo(stored.returnTo),
    setCookies: [setCookie, await clearBinding(config)],
  };
}

const clearBinding = (config: Config) =>
  bindingCookie(config).serialize("", { maxAge: 0, expires: new Date(0) });
