import type { Cache } from "../cache";

export { HONEYPOT_FIELD, isHoneypotFilled } from "./honeypot";

/**
 * Forms anyone can post (newsletter, contact): a hidden honeypot field that people never fill in,
 * and a per-IP rate limit kept in the shared cache, so it holds across processes on Redis
 * (product §9 gives the limits).
 */

export interface RateLimit {
  /** One counter per form, e.g. "newsletter". */
  scope: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts this submission and says whether it is over the limit. A cache that is down lets it
 * through: a broken limiter must not stop real customers from writing to the shop.
 */
export async function isOverRateLimit(
  cache: Cache,
  { scope, limit, windowSeconds }: RateLimit,
  client: string | undefined,
): Promise<boolean> {
  try {
    const count = await cache.increment(`rate:${scope}:${client ?? "unknown"}`, windowSeconds);
    return count > limit;
  } catch {
    return false;
  }
}
