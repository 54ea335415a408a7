import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { z } from "zod";

// Staff approve or reject a purchase order from links in their email (product §4). A link names
// the order, the decision and who it was sent to, expires, and is signed with a key derived from
// the session secret, so nobody can make one up. It is single-use because a decision applies only
// to a `submitted` order: once either link is used, both are spent.

export type Decision = "approve" | "reject";

/** product §9: decision links last a week. */
export const DECISION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const PayloadSchema = z.object({
  order: z.uuid(),
  decision: z.enum(["approve", "reject"]),
  staff: z.email(),
  expires: z.number().int(),
});

export type DecisionPayload = z.infer<typeof PayloadSchema>;

function signingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "lagoon", "purchase-order decision links", 32));
}

function sign(body: string, secret: string): string {
  return createHmac("sha256", signingKey(secret)).update(body).digest("base64url");
}

export function createDecisionToken(
  payload: Omit<DecisionPayload, "expires">,
  secret: string,
  now = Date.now(),
): string {
  const body = Buffer.from(
    JSON.stringify({ ...payload, expires: now + DECISION_LINK_TTL_MS }),
  ).toString("base64url");
  return `${body}.${sign(body, secret)}`;
}

export type TokenVerdict =
  | { ok: true; payload: DecisionPayload }
  | { ok: false; reason: "invalid" | "expired" };

export function verifyDecisionToken(token: string, secret: string, now = Date.now()): TokenVerdict {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return { ok: false, reason: "invalid" };
  const expected = Buffer.from(sign(body, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: "invalid" };
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const parsed = PayloadSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: "invalid" };
  if (parsed.data.expires <= now) return { ok: false, reason: "expired" };
  return { ok: true, payload: parsed.data };
}
