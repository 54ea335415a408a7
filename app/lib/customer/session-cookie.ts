/** product §4: signed in means an access-token cookie is present (the cookie is httpOnly). */
export const ACCESS_TOKEN_COOKIE = "lagoon_access_token";

export function isSignedIn(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  return cookieHeader
    .split(";")
    .some(
      (pair) =>
        pair.trim().startsWith(`${ACCESS_TOKEN_COOKIE}=`) && pair.split("=")[1]?.trim() !== "",
    );
}
