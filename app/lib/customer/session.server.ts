import { and, eq, gt, lt } from "drizzle-orm";
import type { Config } from "../config";
import type { DatabaseHandle } from "../database";
import { readSignedId, signedCookie } from "../signed-cookie.server";
import type { CustomerTokens } from "./oidc.server";
import { isSignedIn, SESSION_COOKIE } from "./session-cookie";
import { digest, open, randomId, seal } from "./session-crypto.server";
import { customerSessions } from "./session-schema";

/** product §9: a session lasts 7 days. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/**
 * The signed-in customer's session. The browser holds only `id`, in one signed httpOnly cookie;
 * the rest lives in `customer_sessions`, the tokens sealed (decision 006).
 */
export interface CustomerSession {
  /** The cookie's opaque id: never logged, stored only as its hash. */
  id: string;
  /** The customer the ID token was issued for (`sub`), checked at sign-in. */
  customerId: string;
  accessToken: string;
  /** Epoch milliseconds, from the provider's `expires_in`. */
  accessTokenExpiresAt: number;
  refreshToken: string | undefined;
  idToken: string | undefined;
  /** The row's version: a refresh writes only over the version it read. */
  version: number;
}

export type SessionStores = { config: Config; database: Pick<DatabaseHandle, "db"> };

type SealedTokens = Pick<CustomerSession, "accessToken" | "refreshToken" | "idToken">;
const TOKENS = "session tokens";

// Signed, so an edited or made-up id is treated as absent before the database is asked.
const sessionCookie = signedCookie(SESSION_COOKIE, {
  path: "/",
  maxAgeSeconds: SESSION_MAX_AGE_SECONDS,
});

/** Whether the request carries a session cookie at all (valid or not). */
export const hasSessionCookie = (request: Request) => isSignedIn(request.headers.get("Cookie"));

/** The session of the request's cookie; null without one, or when it ended, expired or is forged. */
export async function readSession(
  request: Request,
  stores: SessionStores,
): Promise<CustomerSession | null> {
  const id = await readSignedId(sessionCookie(stores.config), request);
  return id ? loadSession(stores, id) : null;
}

/** The session record as it is now (another request or process may have changed it). */
export async function loadSession(
  { config, database }: SessionStores,
  id: string,
): Promise<CustomerSession | null> {
  const idHash = digest(id);
  const [row] = await database.db
    .select()
    .from(customerSessions)
    .where(and(eq(customerSessions.idHash, idHash), gt(customerSessions.expiresAt, new Date())));
  if (!row) return null;
  const tokens = open<SealedTokens>(config.sessionSecret, TOKENS, row.sealedTokens, idHash);
  if (!tokens) return null;
  return {
    id,
    customerId: row.customerId,
    accessToken: tokens.accessToken,
    accessTokenExpiresAt: row.accessTokenExpiresAt.getTime(),
    refreshToken: tokens.refreshToken ?? undefined,
    idToken: tokens.idToken ?? undefined,
    version: row.version,
  };
}

const sealTokens = (config: Config, idHash: string, tokens: SealedTokens) =>
  seal(
    config.sessionSecret,
    TOKENS,
    {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? null,
      idToken: tokens.idToken ?? null,
    },
    idHash,
  );

/**
 * Starts a session for tokens just obtained at sign-in: the row, and the Set-Cookie header that
 * gives the browser its id. Sessions past their 7 days are purged on the way.
 */
export async function createSession(
  stores: SessionStores,
  tokens: CustomerTokens,
  customerId: string,
): Promise<{ session: CustomerSession; setCookie: string }> {
  const { config, database } = stores;
  await purgeExpiredSessions(stores);
  const id = randomId();
  const idHash = digest(id);
  await database.db.insert(customerSessions).values({
    idHash,
    customerId,
    sealedTokens: sealTokens(config, idHash, tokens),
    accessTokenExpiresAt: new Date(tokens.accessTokenExpiresAt),
    expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
  });
  return {
    session: { id, customerId, ...tokens, version: 1 },
    setCookie: await sessionCookie(config).serialize(id),
  };
}

/**
 * Stores refreshed tokens over the version the session was read at. When another request got
 * there first, its session is the one to use; null when the session ended meanwhile.
 */
export async function saveRefreshedTokens(
  stores: SessionStores,
  session: CustomerSession,
  tokens: CustomerTokens,
): Promise<CustomerSession | null> {
  const refreshed = {
    ...session,
    accessToken: tokens.accessToken,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    refreshToken: tokens.refreshToken ?? session.refreshToken,
    idToken: tokens.idToken ?? session.idToken,
    version: session.version + 1,
  };
  const idHash = digest(session.id);
  const updated = await stores.database.db
    .update(customerSessions)
    .set({
      sealedTokens: sealTokens(stores.config, idHash, refreshed),
      accessTokenExpiresAt: new Date(refreshed.accessTokenExpiresAt),
      version: refreshed.version,
    })
    .where(and(eq(customerSessions.idHash, idHash), eq(customerSessions.version, session.version)))
    .returning({ version: customerSessions.version });
  return updated.length > 0 ? refreshed : loadSession(stores, session.id);
}

/** Ends a session at once: a copy of its cookie is worthless from now on. */
export async function deleteSession(stores: SessionStores, id: string): Promise<void> {
  await stores.database.db.delete(customerSessions).where(eq(customerSessions.idHash, digest(id)));
}

export async function purgeExpiredSessions({ database }: Pick<SessionStores, "database">) {
  await database.db.delete(customerSessions).where(lt(customerSessions.expiresAt, new Date()));
}

/** The Set-Cookie header that removes the session cookie from the browser. */
export async function clearSessionCookie(config: Config): Promise<string[]> {
  return [await sessionCookie(config).serialize("", { maxAge: 0, expires: new Date(0) })];
}

export function withCookies(headers: string[], init: HeadersInit = {}): Headers {
  const result = new Headers(init);
  for (const header of headers) result.append("Set-Cookie", header);
  return result;
}

/**
 * product §5: an access token must have three parts and an expiry in the future, else
 * 'Invalid or expired access token'. The expiry is the provider's `expires_in`, kept with the token.
 */
export function isAccessTokenValid(
  session: Pick<CustomerSession, "accessToken" | "accessTokenExpiresAt">,
  now = Date.now(),
) {
  // Shopify's own access tokens are opaque (`shcat_…`): for them the expiry is the whole check.
  const wellFormed =
    session.accessToken.split(".").length === 3 || session.accessToken.startsWith("shcat_");
  return wellFormed && session.accessTokenExpiresAt > now;
}
