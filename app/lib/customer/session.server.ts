import { type Cookie, createCookie } from "react-router";
import type { Config } from "../config";
import type { CustomerTokens } from "./oidc.server";
import { ACCESS_TOKEN_COOKIE } from "./session-cookie";

/** product §9: token cookies last 7 days. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** The signed-in customer's tokens. They live only in httpOnly cookies and on the server. */
export interface CustomerSession {
  accessToken: string;
  /** Epoch milliseconds, from the provider's `expires_in`. */
  accessTokenExpiresAt: number;
  refreshToken: string | undefined;
  idToken: string | undefined;
}

interface SessionCookies {
  access: Cookie;
  refresh: Cookie;
  id: Cookie;
}

const cookiesByConfig = new WeakMap<Config, SessionCookies>();

function sessionCookies(config: Config): SessionCookies {
  let cookies = cookiesByConfig.get(config);
  if (!cookies) {
    const options = {
      httpOnly: true,
      sameSite: "lax" as const,
      secure: config.publicUrl.startsWith("https:"),
      path: "/",
      maxAge: SESSION_MAX_AGE_SECONDS,
      // Signed, so a cookie edited in the browser is treated as absent.
      secrets: [config.sessionSecret],
    };
    cookies = {
      access: createCookie(ACCESS_TOKEN_COOKIE, options),
      refresh: createCookie("lagoon_refresh_token", options),
      id: createCookie("lagoon_id_token", options),
    };
    cookiesByConfig.set(config, cookies);
  }
  return cookies;
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

export async function readSession(
  request: Request,
  config: Config,
): Promise<CustomerSession | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const cookies = sessionCookies(config);
  const access = (await cookies.access.parse(header)) as
    | { token?: unknown; expiresAt?: unknown }
    | null
    | undefined;
  const accessToken = text(access?.token);
  if (!accessToken) return null;
  return {
    accessToken,
    accessTokenExpiresAt: typeof access?.expiresAt === "number" ? access.expiresAt : 0,
    refreshToken: text(await cookies.refresh.parse(header)),
    idToken: text(await cookies.id.parse(header)),
  };
}

export function sessionFromTokens(
  tokens: CustomerTokens,
  previous?: CustomerSession,
): CustomerSession {
  return {
    accessToken: tokens.accessToken,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    refreshToken: tokens.refreshToken ?? previous?.refreshToken,
    idToken: tokens.idToken ?? previous?.idToken,
  };
}

/** Set-Cookie headers that store the session. */
export async function commitSession(session: CustomerSession, config: Config): Promise<string[]> {
  const cookies = sessionCookies(config);
  const headers = [
    await cookies.access.serialize({
      token: session.accessToken,
      expiresAt: session.accessTokenExpiresAt,
    }),
  ];
  if (session.refreshToken) headers.push(await cookies.refresh.serialize(session.refreshToken));
  if (session.idToken) headers.push(await cookies.id.serialize(session.idToken));
  return headers;
}

/** Set-Cookie headers that end the session. */
export async function destroySession(config: Config): Promise<string[]> {
  const cookies = sessionCookies(config);
  return Promise.all(
    [cookies.access, cookies.refresh, cookies.id].map((cookie) =>
      cookie.serialize("", { maxAge: 0, expires: new Date(0) }),
    ),
  );
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

/** The customer's stable id from the (verified at sign-in) ID token, for per-customer cache keys. */
export function sessionSubject(session: CustomerSession): string | null {
  const payload = session.idToken?.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      sub?: unknown;
    };
    return typeof claims.sub === "string" ? claims.sub : null;
  } catch {
    return null;
  }
}
