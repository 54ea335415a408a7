import { data, redirect } from "react-router";
import { untilAborted, sleep as wait } from "../abort";
import type { Cache } from "../cache";
import type { ExpiringState } from "../state/expiring-state.server";
import { CUSTOMER_ERRORS } from "./account.server";
import { oidcSettings } from "./auth.server";
import {
  type CustomerTokens,
  IdentityProviderUnavailableError,
  RefreshRejectedError,
  refreshCustomerTokens,
} from "./oidc.server";
import {
  type CustomerSession,
  clearSessionCookie,
  deleteSession,
  hasSessionCookie,
  isAccessTokenValid,
  loadSession,
  readSession,
  type SessionStores,
  saveRefreshedTokens,
  withCookies,
} from "./session.server";
import { digest, open, seal } from "./session-crypto.server";

/** product §4, §9: one refresh, then up to 3 retries waiting 1 s × attempt. */
export const REFRESH_RETRY_DELAYS_MS = [1000, 2000, 3000] as const;

/** product §8: what an API call answers while the identity provider is down. */
export const SIGN_IN_UNAVAILABLE = "Sign-in is unavailable, please try again";

/**
 * Issue 14, finding 10: one deadline over a whole refresh, its retries and waits included, so a
 * hanging identity provider costs a shopper at most this long before the 503. The shopper's
 * answer must come within 10 s (product §9): 9 s upstream leave a second to answer.
 */
export const REFRESH_DEADLINE_MS = 9_000;

export interface RefreshTiming {
  delaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  deadlineMs?: number;
}

export interface FreshSessionOptions {
  timing?: RefreshTiming;
  /** Refresh even an access token that still works (`/api/auth/refreshAccessToken`). */
  forceRefresh?: boolean;
}

export type SessionServices = SessionStores & { cache: Cache; state: ExpiringState };

/**
 * Where the customer's session stands once verified. `setCookies` are the Set-Cookie headers to
 * send: none while the session goes on (its id does not change when its tokens are refreshed),
 * or the one that clears the cookie of a session that ended (rejected by the provider, signed
 * out elsewhere, expired, or a cookie we never issued).
 */
export type FreshSession =
  | { status: "signed-in"; session: CustomerSession; setCookies: string[] }
  | { status: "signed-out" }
  | { status: "rejected"; setCookies: string[] }
  | { status: "unavailable" };

/**
 * The session of the request's cookies, with an access token that works: a token past its expiry
 * is refreshed, a provider that is down is retried, and only a refresh token the provider rejects
 * (`invalid_grant`) ends the session — never a timeout or a 5xx (product §4).
 */
export async function readFreshSession(
  request: Request,
  services: SessionServices,
  { timing = {}, forceRefresh = false }: FreshSessionOptions = {},
): Promise<FreshSession> {
  const { config } = services;
  const session = await readSession(request, services);
  if (!session) {
    return hasSessionCookie(request)
      ? { status: "rejected", setCookies: await clearSessionCookie(config) }
      : { status: "signed-out" };
  }
  if (!forceRefresh && isAccessTokenValid(session)) {
    return { status: "signed-in", session, setCookies: [] };
  }
  const rejected = async () =>
    ({ status: "rejected", setCookies: await endSession(services, session) }) as const;
  const { refreshToken } = session;
  if (!refreshToken) return rejected();
  const delays = timing.delaysMs ?? REFRESH_RETRY_DELAYS_MS;
  const sleep = timing.sleep ?? wait;
  const deadline = AbortSignal.timeout(timing.deadlineMs ?? REFRESH_DEADLINE_MS);
  for (let attempt = 0; attempt <= delays.length && !deadline.aborted; attempt += 1) {
    if (attempt > 0) await sleep(delays[attempt - 1] ?? 0);
    if (deadline.aborted) break;
    try {
      // The refresh itself may go on (it is shared, and cached for the next request); this
      // request stops waiting for it at the deadline.
      const tokens = await untilAborted(sharedRefresh(services, refreshToken), deadline).catch(
        (error: unknown) => {
          if (deadline.aborted) {
            throw new IdentityProviderUnavailableError("The refresh passed its deadline", {
              cause: error,
            });
          }
          throw error;
        },
      );
      const saved = await saveRefreshedTokens(services, session, tokens);
      if (!saved) return { status: "rejected", setCookies: await clearSessionCookie(config) };
      return { status: "signed-in", session: saved, setCookies: [] };
    } catch (error) {
      if (error instanceof RefreshRejectedError) {
        // With refresh-token rotation, another process that refreshed this session first made
        // our token stale: its tokens are in the record now, and the customer stays signed in.
        const current = await loadSession(services, session.id);
        if (current && current.refreshToken !== refreshToken && isAccessTokenValid(current)) {
          return { status: "signed-in", session: current, setCookies: [] };
        }
        return rejected();
      }
      if (!(error instanceof IdentityProviderUnavailableError)) throw error;
    }
  }
  return { status: "unavailable" };
}

const REFRESHED = "refreshed tokens";

/** How long a refresh's result is kept for the requests that read the session before it. */
const SHARED_REFRESH_MS = 60_000;

/**
 * A refresh shared by concurrent requests of one session: with refresh-token rotation, two
 * requests refreshing the same token at once would make the provider reject the second (and so
 * sign the customer out). Within a process the requests wait on one refresh (the cache's
 * single flight); its result is kept for a minute in the expiring state (the database, decision
 * 011), which no flood of other entries can evict, for requests that read the session before the
 * first one stored the new tokens, on any process. It is sealed (never in clear), and its key is
 * a hash, never the token itself.
 */
async function sharedRefresh(
  { config, cache, state }: SessionServices,
  refreshToken: string,
): Promise<CustomerTokens> {
  const key = `refresh:${digest(refreshToken)}`;
  const sealed = await cache.fetch(
    key,
    async () => {
      const kept = await state.get<string>(key);
      if (kept) return kept;
      const tokens = await refreshCustomerTokens(oidcSettings(config), refreshToken);
      const made = seal(config.sessionSecret, REFRESHED, tokens, key);
      await state.put(key, made, SHARED_REFRESH_MS);
      return made;
    },
    { ttlSeconds: SHARED_REFRESH_MS / 1000 },
  );
  const tokens = open<CustomerTokens>(config.sessionSecret, REFRESHED, sealed, key);
  if (!tokens) throw new IdentityProviderUnavailableError("A shared refresh could not be opened");
  return tokens;
}

/**
 * Ends a session the platform no longer accepts (its token answered 401): the record goes, and
 * the Set-Cookie headers returned clear the browser's cookie.
 */
export async function endSession(
  services: SessionStores,
  session: Pick<CustomerSession, "id">,
): Promise<string[]> {
  await deleteSession(services, session.id);
  return clearSessionCookie(services.config);
}

/** To sign in, and back to `page` after (the page asked for, not React Router's `.data` URL). */
export function loginRedirect(page: URL, setCookies: string[]) {
  return redirect(`/login?returnTo=${encodeURIComponent(page.pathname + page.search)}`, {
    headers: withCookies(setCookies),
  });
}

/**
 * For pages: the fresh session, with the Set-Cookie headers to send. Anonymous visitors (and
 * customers whose session the provider ended, their cookies cleared) go to /login and come back
 * after; a provider that stays down is a 503.
 */
export async function requireFreshSession(
  request: Request,
  services: SessionServices,
  options: FreshSessionOptions & { page?: URL } = {},
): Promise<{ session: CustomerSession; setCookies: string[] }> {
  const fresh = await readFreshSession(request, services, options);
  const page = options.page ?? new URL(request.url);
  switch (fresh.status) {
    case "signed-in":
      return { session: fresh.session, setCookies: fresh.setCookies };
    case "signed-out":
      throw loginRedirect(page, []);
    case "rejected":
      throw loginRedirect(page, fresh.setCookies);
    case "unavailable":
      throw data(null, { status: 503 });
  }
}

/** A JSON error the API routes throw: a resource route passes a thrown Response on as it is. */
function apiError(message: string, status: number, setCookies: string[] = []) {
  return Response.json(
    { error: message, status },
    { status, headers: withCookies(setCookies, { "Cache-Control": "no-store" }) },
  );
}

/**
 * For the JSON endpoints of product §7: the fresh session, and the headers every answer should
 * carry (not cacheable, with the refreshed cookies). Failures are JSON: 401 without a session,
 * 401 with its cookies cleared when the provider ended it, 503 while the provider is down.
 */
export async function requireApiSession(
  request: Request,
  services: SessionServices,
  options: FreshSessionOptions = {},
): Promise<{ session: CustomerSession; headers: Headers }> {
  const fresh = await readFreshSession(request, services, options);
  switch (fresh.status) {
    case "signed-in":
      return {
        session: fresh.session,
        headers: withCookies(fresh.setCookies, { "Cache-Control": "no-store" }),
      };
    case "signed-out":
      throw apiError(CUSTOMER_ERRORS.noToken, 401);
    case "rejected":
      throw apiError(CUSTOMER_ERRORS.invalidToken, 401, fresh.setCookies);
    case "unavailable":
      throw apiError(SIGN_IN_UNAVAILABLE, 503);
  }
}
