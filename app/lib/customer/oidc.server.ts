import * as client from "openid-client";
import { untilAborted } from "../abort";

/** Shopify's Customer Account API scopes. */
export const CUSTOMER_ACCOUNT_SCOPES = "openid email customer-account-api:full";

const DEFAULT_TIMEOUT_SECONDS = 10;

/**
 * Issue 14, finding 10: one deadline over the whole sign-in exchange (discovery, the token
 * request, the ID token's checks), so a hanging provider costs the shopper at most this long:
 * 9 s, so the answer still comes within product §9's 10 s.
 */
export const CODE_EXCHANGE_DEADLINE_MS = 9_000;

/** Shopify's Customer Account issuer for a shop (`SHOPIFY_SHOP_ID`). */
export function shopifyCustomerAccountIssuer(shopId: string) {
  return `https://shopify.com/authentication/${shopId}`;
}

export interface CustomerAccountOidcSettings {
  /** Shopify's `https://shopify.com/authentication/<shop-id>`, or the emulator's issuer. */
  issuer: string;
  clientId: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  timeoutSeconds?: number;
}

/** What must stay on the server between sending the customer away and the callback. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface CustomerTokens {
  accessToken: string;
  /** Absent only when the provider did not issue or rotate one; keep the previous token then. */
  refreshToken: string | undefined;
  idToken: string | undefined;
  /** Epoch milliseconds, from `expires_in` (Shopify's token format is not to be decoded). */
  accessTokenExpiresAt: number;
}

/** The callback could not be completed: cancelled, tampered with, replayed or refused. */
export class SignInFailedError extends Error {
  override name = "SignInFailedError";
  constructor(
    message: string,
    /** OAuth error code when the provider sent one (`access_denied`, `invalid_grant`, …). */
    readonly code: string | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The provider rejected the refresh token (`invalid_grant`): the customer must sign in again. */
export class RefreshRejectedError extends Error {
  override name = "RefreshRejectedError";
}

/** Network failure, timeout or a server error at the identity provider: try again later. */
export class IdentityProviderUnavailableError extends Error {
  override name = "IdentityProviderUnavailableError";
}

const configurations = new Map<string, Promise<client.Configuration>>();

/** Discovery from `<issuer>/.well-known/openid-configuration`, once per process and client. */
export function discoverCustomerAccount(
  settings: CustomerAccountOidcSettings,
): Promise<client.Configuration> {
  const timeout = settings.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
  const key = `${settings.issuer}\n${settings.clientId}\n${timeout}`;
  let configuration = configurations.get(key);
  if (!configuration) {
    const issuer = new URL(settings.issuer);
    configuration = client
      .discovery(issuer, settings.clientId, { token_endpoint_auth_method: "none" }, client.None(), {
        timeout,
        // Plain HTTP only ever reaches the emulator; Shopify is always https.
        execute: issuer.protocol === "http:" ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        configurations.delete(key);
        throw new IdentityProviderUnavailableError(
          `OpenID Connect discovery failed for ${settings.issuer}`,
          { cause: error },
        );
      });
    configurations.set(key, configuration);
  }
  return configuration;
}

/** The URL to send the customer to, and the secrets to keep server-side until the callback. */
export async function createSignInRequest(
  settings: CustomerAccountOidcSettings,
  extraParameters: Record<string, string> = {},
): Promise<{ url: URL; pending: PendingSignIn }> {
  const configuration = await discoverCustomerAccount(settings);
  const pending: PendingSignIn = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
  const url = client.buildAuthorizationUrl(configuration, {
    ...extraParameters,
    redirect_uri: settings.redirectUri,
    scope: CUSTOMER_ACCOUNT_SCOPES,
    response_type: "code",
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: "S256",
  });
  return { url, pending };
}

/** Completes the callback: checks state, nonce and PKCE, and exchanges the code for tokens. */
export async function exchangeAuthorizationCode(
  settings: CustomerAccountOidcSettings,
  callbackUrl: URL,
  pending: PendingSignIn,
  { deadlineMs = CODE_EXCHANGE_DEADLINE_MS }: { deadlineMs?: number } = {},
): Promise<CustomerTokens & { customerId: string }> {
  const deadline = AbortSignal.timeout(deadlineMs);
  try {
    const exchange = async () => {
      const configuration = await discoverCustomerAccount(settings);
      return client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    };
    const response = await untilAborted(exchange(), deadline);
    // The ID token was checked (issuer, audience, nonce, expiry): its subject is the customer.
    const customerId = response.claims()?.sub;
    if (!customerId) throw new SignInFailedError("The ID token names no customer", undefined);
    return { ...toCustomerTokens(response), customerId };
  } catch (error) {
    if (error instanceof SignInFailedError) throw error;
    if (
      deadline.aborted ||
      error instanceof IdentityProviderUnavailableError ||
      isTransient(error)
    ) {
      throw new IdentityProviderUnavailableError("Signing in failed: the provider is unavailable", {
        cause: error,
      });
    }
    const code =
      error instanceof client.AuthorizationResponseError ||
      error instanceof client.ResponseBodyError
        ? error.error
        : undefined;
    throw new SignInFailedError("Signing in failed", code, { cause: error });
  }
}

/**
 * Swaps a refresh token for new tokens. `RefreshRejectedError` means sign out; any other failure
 * is `IdentityProviderUnavailableError` and worth the retries of product §4.
 */
export async function refreshCustomerTokens(
  settings: CustomerAccountOidcSettings,
  refreshToken: string,
): Promise<CustomerTokens> {
  const configuration = await discoverCustomerAccount(settings);
  try {
    const response = await client.refreshTokenGrant(configuration, refreshToken);
    const tokens = toCustomerTokens(response);
    return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
  } catch (error) {
    if (error instanceof client.ResponseBodyError && error.error === "invalid_grant") {
      throw new RefreshRejectedError("The refresh token was rejected", { cause: error });
    }
    throw new IdentityProviderUnavailableError("Refreshing the access token failed", {
      cause: error,
    });
  }
}

/** Revokes a refresh token at sign-out, so a copy of it cannot be used afterwards. */
export async function revokeRefreshToken(
  settings: CustomerAccountOidcSettings,
  refreshToken: string,
): Promise<void> {
  const configuration = await discoverCustomerAccount(settings);
  await client.tokenRevocation(configuration, refreshToken, { token_type_hint: "refresh_token" });
}

/** The provider's logout page, which ends its session and comes back to the shop. */
export async function createSignOutUrl(
  settings: CustomerAccountOidcSettings,
  idToken: string | undefined,
): Promise<URL> {
  const configuration = await discoverCustomerAccount(settings);
  return client.buildEndSessionUrl(configuration, {
    post_logout_redirect_uri: settings.postLogoutRedirectUri,
    ...(idToken ? { id_token_hint: idToken } : { client_id: settings.clientId }),
  });
}

function toCustomerTokens(
  response: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
): CustomerTokens {
  const expiresIn = response.expiresIn() ?? 0;
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    idToken: response.id_token,
    accessTokenExpiresAt: Date.now() + expiresIn * 1000,
  };
}

function isTransient(error: unknown): boolean {
  // fetch() rejects with a TypeError when the provider cannot be reached.
  if (error instanceof TypeError) return true;
  if (error instanceof client.ResponseBodyError) return error.status >= 500;
  if (error instanceof client.ClientError) {
    if (error.code === "OAUTH_TIMEOUT" || error.code === "OAUTH_ABORT") return true;
    return error.cause instanceof Response && error.cause.status >= 500;
  }
  return false;
}
