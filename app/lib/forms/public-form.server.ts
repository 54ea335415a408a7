import type { ExpiringState } from "../state/expiring-state.server";

export { HONEYPOT_FIELD, isHoneypotFilled } from "./honeypot";

/**
 * Forms anyone can post (newsletter, contact): a hidden honeypot field that people never fill in,
 * and a per-IP rate limit kept in the database, so it holds across processes and no cache
 * eviction resets it (product §9 gives the limits; decision 011).
 */

export interface RateLimit {
  /** One counter per form, e.g. "newsletter". */
  scope: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts this submission and says whether it is over the limit. A database that is down lets it
 * through: a broken limiter must not stop real customers from writing to the shop.
 */
export async function isOverRateLimit(
  state: Pick<ExpiringState, "increment">,
  { scope, limit, windowSeconds }: RateLimit,
  client: string | undefined,
): Promise<boolean> {
  try {
    const count = await state.increment(
      `rate:${scope}:${client ?? "unknown"}`,
      windowSeconds * 1000,
    );
    return count > limit;
  } catch {
    return false;
  }
}
