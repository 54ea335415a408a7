import { type Cookie, createCookie } from "react-router";
import type { Config } from "./config";

/**
 * A cookie signed with the shop's session secret: httpOnly, `SameSite=Lax`, `Secure` when the
 * shop is served over HTTPS. One Cookie per config (a test's shop has its own), made on first use.
 */
export function signedCookie(
  name: string,
  options: { path: string; maxAgeSeconds: number },
): (config: Pick<Config, "publicUrl" | "sessionSecret">) => Cookie {
  const cookies = new WeakMap<object, Cookie>();
  return (config) => {
    let cookie = cookies.get(config);
    if (!cookie) {
      cookie = createCookie(name, {
        httpOnly: true,
        sameSite: "lax",
        secure: config.publicUrl.startsWith("https:"),
        path: options.path,
        maxAge: options.maxAgeSeconds,
        secrets: [config.sessionSecret],
      });
      cookies.set(config, cookie);
    }
    return cookie;
  };
}

/**
 * The session id a request's signed cookie carries, or null: no cookie, a bad signature, or a
 * value no session id looks like (`randomId` makes them 32 characters or more).
 */
export async function readSignedId(cookie: Cookie, request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const id: unknown = await cookie.parse(header);
  return typeof id === "string" && id.length >= 32 ? id : null;
}
