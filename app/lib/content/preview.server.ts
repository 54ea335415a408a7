import { cookie } from "@prismicio/client";

/** Prismic's own cookie name: its toolbar and `enableAutoPreviewsFromReq` both read it. */
export const PREVIEW_COOKIE = cookie.preview;

// Prismic's tokens are URLs of a preview session (`https://<repo>.prismic.io/previews/…`); the
// content emulator issues the same shape under its mount. Anything else is not a preview.
const COOKIE_SAFE = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]+$/;
const MAX_TOKEN_LENGTH = 512;

export function isPreviewToken(token: string): boolean {
  if (token.length > MAX_TOKEN_LENGTH || !COOKIE_SAFE.test(token)) return false;
  try {
    const url = new URL(token);
    return ["http:", "https:"].includes(url.protocol) && url.pathname.includes("/previews/");
  } catch {
    return false;
  }
}

export function readPreviewToken(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1 || pair.slice(0, separator).trim() !== PREVIEW_COOKIE) continue;
    const value = pair.slice(separator + 1).trim();
    return value || null;
  }
  return null;
}

/**
 * Not httpOnly: in connected mode Prismic's toolbar script updates and ends the session in the
 * browser. The token only selects draft content of this repository; it grants nothing else.
 */
export function previewCookie(token: string, secure: boolean): string {
  return `${PREVIEW_COOKIE}=${token}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearPreviewCookie(secure: boolean): string {
  return `${PREVIEW_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure ? "; Secure" : ""}`;
}
