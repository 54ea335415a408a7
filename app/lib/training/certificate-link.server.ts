import { createHmac, timingSafeEqual } from "node:crypto";

// product §5, signed certificate links: a holder can share their certificate with someone who
// cannot sign in as them (an employer, an inspector). The link names the course, the code and an
// expiry, and carries an HMAC of the three made with the session secret, so none can be changed.

/** How long a shared link opens the certificate. */
export const SIGNED_LINK_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

function signature(secret: string, courseId: string, code: string, expires: string): string {
  return createHmac("sha256", secret)
    .update(JSON.stringify(["lagoon-certificate-link", courseId, code, expires]))
    .digest("base64url");
}

/** The query string of a link that opens this certificate for anyone, until it expires. */
export function signedLinkQuery(
  secret: string,
  { courseId, code }: { courseId: string; code: string },
  now = Date.now(),
): string {
  const expires = String(Math.floor((now + SIGNED_LINK_DAYS * DAY_MS) / 1000));
  const params = new URLSearchParams({
    code,
    expires,
    sig: signature(secret, courseId, code, expires),
  });
  return params.toString();
}

/** Whether the request asks for a certificate through a signed link (valid or not). */
export function hasSignedLink(params: URLSearchParams): boolean {
  return params.has("sig");
}

/**
 * The certificate code a signed link opens for this course, or null when the link was changed,
 * made for another course or has expired.
 */
export function readSignedLink(
  secret: string,
  courseId: string,
  params: URLSearchParams,
  now = Date.now(),
): string | null {
  const code = params.get("code");
  const expires = params.get("expires");
  const given = params.get("sig");
  if (!code || !expires || !given || !/^\d{1,12}$/.test(expires)) return null;
  if (Number(expires) * 1000 <= now) return null;
  const expected = Buffer.from(signature(secret, courseId, code, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? code : null;
}
