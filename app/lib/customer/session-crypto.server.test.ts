import { describe, expect, it } from "vitest";
import { digest, open, randomId, seal } from "./session-crypto.server";

// Tokens at rest are sealed (decision 006): only the same secret, purpose and session open them.

const SECRET = "a-session-secret-of-the-shop-0123456789";
const TOKENS = { accessToken: "a.b.c", refreshToken: "refresh-1", idToken: undefined };

describe("sealed values", () => {
  it("open to the value sealed, with the same secret, purpose and session", () => {
    const sealed = seal(SECRET, "session tokens", TOKENS, "session-1");
    expect(open(SECRET, "session tokens", sealed, "session-1")).toEqual({
      accessToken: "a.b.c",
      refreshToken: "refresh-1",
    });
    expect(open(SECRET, "other", seal(SECRET, "other", [1, "two"], "c"), "c")).toEqual([1, "two"]);
  });

  it("hold no readable trace of the value", () => {
    const sealed = seal(SECRET, "session tokens", TOKENS, "session-1");
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(sealed).not.toContain("refresh-1");
    expect(Buffer.from(sealed.split(".")[2] ?? "", "base64url").toString("utf8")).not.toContain(
      "refresh",
    );
  });

  it("differ each time the same value is sealed", () => {
    const one = seal(SECRET, "session tokens", TOKENS, "session-1");
    const two = seal(SECRET, "session tokens", TOKENS, "session-1");
    expect(one).not.toBe(two);
    expect(one.split(".")[1]).not.toBe(two.split(".")[1]);
  });

  it("do not open under another secret, purpose or session", () => {
    const sealed = seal(SECRET, "session tokens", TOKENS, "session-1");
    expect(
      open("another-secret-of-another-shop-0123456", "session tokens", sealed, "session-1"),
    ).toBeUndefined();
    expect(open(SECRET, "checkout", sealed, "session-1")).toBeUndefined();
    expect(open(SECRET, "session tokens", sealed, "session-2")).toBeUndefined();
  });

  it("keep keys of different secrets and purposes apart, however often they are used", () => {
    // Secrets and purposes of this run alone: each key is derived here, not found remembered.
    const run = randomId();
    const secrets = [`${SECRET}${run}`, `${SECRET}${run}x`];
    const purposes = [`session tokens ${run}`, `checkout ${run}`];
    for (const secret of secrets) {
      for (const purpose of purposes) {
        const sealed = seal(secret, purpose, purpose + secret, "c");
        for (const otherSecret of secrets) {
          for (const otherPurpose of purposes) {
            const opened = open(otherSecret, otherPurpose, sealed, "c");
            const same = otherSecret === secret && otherPurpose === purpose;
            expect(opened).toEqual(same ? purpose + secret : undefined);
          }
        }
      }
    }
  });

  it("do not open when any part was changed, added or left out", () => {
    const sealed = seal(SECRET, "session tokens", TOKENS, "session-1");
    const [format = "", iv = "", body = "", tag = ""] = sealed.split(".");
    const flip = (part: string) => `${part.slice(0, -2)}${part.endsWith("AA") ? "BB" : "AA"}`;
    for (const changed of [
      ["v2", iv, body, tag],
      [format, flip(iv), body, tag],
      [format, iv, flip(body), tag],
      [format, iv, body, flip(tag)],
      [format, iv, body, tag.slice(0, 12)],
      // A GCM tag cut to 12 bytes still matches its start: only the full 16 bytes are taken.
      [format, iv, body, tag.slice(0, 16)],
      [format, iv, body],
      [format, "", body, tag],
      [format, iv, body, ""],
      [format, iv, "", tag],
    ]) {
      expect(open(SECRET, "session tokens", changed.join("."), "session-1")).toBeUndefined();
    }
    expect(open(SECRET, "session tokens", "", "session-1")).toBeUndefined();
  });

  it("seal an empty string too", () => {
    expect(open(SECRET, "p", seal(SECRET, "p", "", "c"), "c")).toBe("");
  });
});

describe("digest and randomId", () => {
  it("name a secret by its SHA-256, the same each time", () => {
    expect(digest("session-1")).toBe(digest("session-1"));
    expect(digest("session-1")).not.toBe(digest("session-2"));
    expect(digest("abc")).toBe("ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0");
  });

  it("make 256-bit ids that do not repeat", () => {
    const ids = new Set(Array.from({ length: 100 }, randomId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(Buffer.from(id, "base64url")).toHaveLength(32);
  });
});
