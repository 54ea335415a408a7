/**
 * product §4: signed in means the session cookie is present (it is httpOnly and holds only an
 * opaque, signed id; the session itself is on the server, decision 006).
 */
export const SESSION_COOKIE = "lagoon_session";

export function isSignedIn(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader
    .split(";")
    .some(
      (pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`) && pair.split("=")[1]?.trim() !== "",
    );
}
