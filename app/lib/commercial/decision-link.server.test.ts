import { createHmac, hkdfSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  createDecisionToken,
  DECISION_LINK_TTL_MS,
  verifyDecisionToken,
} from "./decision-link.server";

// The signed links staff approve or reject a purchase order with (product §4, §9: a week).
// purchase-orders.server.test.ts applies them to stored orders.

const SECRET = "test-secret-for-decision-links";
const ORDER = "0b6f7c1e-3d2a-4f5b-8c9d-112233445566";
const STAFF = "staff@lagoon.example";
const NOW = Date.UTC(2026, 10, 28, 3, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

const token = (decision: "approve" | "reject" = "approve", now = NOW) =>
  createDecisionToken({ order: ORDER, decision, staff: STAFF }, SECRET, now);

/** A token as somebody holding the key could make one: for payloads the shop never signs. */
function signed(payload: unknown, secret = SECRET): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  const key = Buffer.from(
    hkdfSync("sha256", secret, "lagoon", "purchase-order decision links", 32),
  );
  return `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
}

describe("decision links", () => {
  it("name the order, the decision and the staff member, until a week after they were made", () => {
    expect(DECISION_LINK_TTL_MS).toBe(7 * DAY);
    for (const decision of ["approve", "reject"] as const) {
      expect(verifyDecisionToken(token(decision), SECRET, NOW + 7 * DAY - 1)).toEqual({
        ok: true,
        payload: { order: ORDER, decision, staff: STAFF, expires: NOW + 7 * DAY },
      });
    }
  });

  it("expire at the end of the week", () => {
    expect(verifyDecisionToken(token(), SECRET, NOW + 7 * DAY)).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(verifyDecisionToken(token("approve", NOW - 8 * DAY), SECRET, NOW)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("expire by the clock of the moment they are used", () => {
    const made = createDecisionToken({ order: ORDER, decision: "reject", staff: STAFF }, SECRET);
    expect(verifyDecisionToken(made, SECRET).ok).toBe(true);
    const old = createDecisionToken(
      { order: ORDER, decision: "reject", staff: STAFF },
      SECRET,
      Date.now() - 7 * DAY - 1000,
    );
    expect(verifyDecisionToken(old, SECRET)).toEqual({ ok: false, reason: "expired" });
  });

  it("are refused when signed with another secret", () => {
    expect(verifyDecisionToken(token(), "another-secret", NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
    const payload = { order: ORDER, decision: "approve", staff: STAFF, expires: NOW + DAY };
    expect(verifyDecisionToken(signed(payload, "another-secret"), SECRET, NOW).ok).toBe(false);
    expect(verifyDecisionToken(signed(payload), SECRET, NOW).ok).toBe(true);
  });

  it("are refused when any part was changed", () => {
    const [body = "", signature = ""] = token().split(".");
    const approveBody = body;
    const rejectBody = token("reject").split(".")[0] ?? "";
    for (const tampered of [
      `${rejectBody}.${signature}`,
      `${approveBody}.${signature}x`,
      `${approveBody}.${signature.slice(0, -1)}`,
      `${approveBody}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
      `${approveBody}x.${signature}`,
      `${approveBody}.${signature}.extra`,
      `${approveBody}.${signature}.`,
      `${approveBody}.`,
      `.${signature}`,
      approveBody,
      "",
    ]) {
      expect(verifyDecisionToken(tampered, SECRET, NOW), tampered).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
  });

  it("are refused when what is signed is not a decision", () => {
    const good = { order: ORDER, decision: "approve", staff: STAFF, expires: NOW + DAY };
    for (const payload of [
      { ...good, order: "not-a-uuid" },
      { ...good, decision: "delete" },
      { ...good, staff: "not an email" },
      { ...good, expires: NOW + 0.5 },
      { ...good, expires: String(NOW + DAY) },
      { order: ORDER, decision: "approve", staff: STAFF },
      null,
    ]) {
      expect(verifyDecisionToken(signed(payload), SECRET, NOW), JSON.stringify(payload)).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    const key = Buffer.from(
      hkdfSync("sha256", SECRET, "lagoon", "purchase-order decision links", 32),
    );
    const notJson = Buffer.from("{not json").toString("base64url");
    const notJsonToken = `${notJson}.${createHmac("sha256", key).update(notJson).digest("base64url")}`;
    expect(verifyDecisionToken(notJsonToken, SECRET, NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("differ for each decision, and each time one is made", () => {
    expect(token("approve")).not.toBe(token("reject"));
    expect(token("approve", NOW)).not.toBe(token("approve", NOW + 1));
  });
});
