import { describe, expect, it } from "vitest";
import { readConfig } from "../../../tests/support/server-parts";
import { commitSession, isAccessTokenValid, readSession, sessionSubject } from "./session.server";

const now = Date.UTC(2026, 10, 22);
const idToken = (claims: object) =>
  `header.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.signature`;

describe("isAccessTokenValid (product §5)", () => {
  it("wants three parts and an expiry in the future", () => {
    expect(isAccessTokenValid({ accessToken: "a.b.c", accessTokenExpiresAt: now + 1 }, now)).toBe(
      true,
    );
    expect(isAccessTokenValid({ accessToken: "a.b.c", accessTokenExpiresAt: now }, now)).toBe(
      false,
    );
    expect(isAccessTokenValid({ accessToken: "a.b", accessTokenExpiresAt: now + 1 }, now)).toBe(
      false,
    );
    expect(isAccessTokenValid({ accessToken: "", accessTokenExpiresAt: now + 1 }, now)).toBe(false);
  });

  it("checks Shopify's opaque tokens by their expiry", () => {
    expect(
      isAccessTokenValid({ accessToken: "shcat_123", accessTokenExpiresAt: now + 1 }, now),
    ).toBe(true);
    expect(
      isAccessTokenValid({ accessToken: "shcat_123", accessTokenExpiresAt: now - 1 }, now),
    ).toBe(false);
  });
});

describe("session cookies", () => {
  const config = readConfig({});
  const session = {
    accessToken: "a.b.c",
    accessTokenExpiresAt: now,
    refreshToken: "refresh",
    idToken: idToken({ sub: "gid://shopify/Customer/7" }),
  };

  it("round-trip through httpOnly, SameSite=Lax cookies", async () => {
    const cookies = await commitSession(session, config);
    expect(cookies).toHaveLength(3);
    for (const cookie of cookies)
      expect(cookie).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/);
    const header = cookies.map((cookie) => cookie.split(";")[0]).join("; ");
    expect(
      await readSession(new Request("http://shop.test/", { headers: { Cookie: header } }), config),
    ).toEqual(session);
  });

  it("treat an edited cookie as no session", async () => {
    const [access] = await commitSession(session, config);
    const tampered = (access as string)
      .split(";")[0]
      ?.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect(
      await readSession(
        new Request("http://shop.test/", { headers: { Cookie: tampered ?? "" } }),
        config,
      ),
    ).toBeNull();
  });

  it("key customer data by the ID token's subject", () => {
    expect(sessionSubject(session)).toBe("gid://shopify/Customer/7");
    expect(sessionSubject({ ...session, idToken: "not-a-jwt" })).toBeNull();
  });
});
