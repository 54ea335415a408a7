import { sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { describeOnBothEngines } from "../../../tests/support/databases";
import { readConfig } from "../../../tests/support/server-parts";
import type { CustomerTokens } from "./oidc.server";
import {
  createSession,
  deleteSession,
  isAccessTokenValid,
  readSession,
  SESSION_MAX_AGE_SECONDS,
  saveRefreshedTokens,
} from "./session.server";
import { customerSessions } from "./session-schema";

const now = Date.UTC(2026, 10, 22);

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

const config = readConfig({});
const tokens: CustomerTokens = {
  accessToken: "access.token.ACCESS-SECRET-0001",
  accessTokenExpiresAt: Date.now() + 60_000,
  refreshToken: "REFRESH-SECRET-0002",
  idToken: "id.token.ID-SECRET-0003",
};
const CUSTOMER = "gid://shopify/Customer/7";

const requestWith = (cookie: string) =>
  new Request("http://shop.test/account", { headers: { Cookie: cookie } });
const pairOf = (setCookie: string) => setCookie.split(";")[0] ?? "";

describeOnBothEngines("customer sessions", (handle) => {
  const stores = () => ({ config, database: handle() });

  it("give the browser one httpOnly, SameSite=Lax cookie holding an opaque id, for 7 days", async () => {
    const { session, setCookie } = await createSession(stores(), tokens, CUSTOMER);
    expect(setCookie).toMatch(/^lagoon_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(new RegExp(`Max-Age=${SESSION_MAX_AGE_SECONDS}`));
    for (const token of [tokens.accessToken, tokens.refreshToken, tokens.idToken] as string[]) {
      expect(decodeURIComponent(setCookie)).not.toContain(token);
      expect(Buffer.from(decodeURIComponent(pairOf(setCookie)), "base64").toString()).not.toContain(
        token,
      );
    }
    expect(await readSession(requestWith(pairOf(setCookie)), stores())).toEqual({
      ...tokens,
      id: session.id,
      customerId: CUSTOMER,
      version: 1,
    });
  });

  it("keep no token, and not the session id, in clear in the database (finding 12)", async () => {
    const { session } = await createSession(stores(), tokens, CUSTOMER);
    const { rows } = await handle().db.execute(sql`select * from ${customerSessions}`);
    const stored = JSON.stringify(rows);
    expect(rows.length).toBeGreaterThan(0);
    for (const secret of ["ACCESS-SECRET", "REFRESH-SECRET", "ID-SECRET", session.id]) {
      expect(stored).not.toContain(secret);
    }
  });

  it("treat a forged, edited or unsigned id as no session (finding 4: nothing to mix)", async () => {
    const { session, setCookie } = await createSession(stores(), tokens, CUSTOMER);
    const pair = pairOf(setCookie);
    const edited = pair.replace(/.(?=.{5}$)/, (c) => (c === "A" ? "B" : "A"));
    // A well-signed cookie for an id the server never issued (say, signed with a leaked old
    // secret) finds no row either.
    const forged = await createCookie("lagoon_session", { secrets: [config.sessionSecret] })
      .serialize("x".repeat(43))
      .then(pairOf);
    for (const cookie of [edited, `lagoon_session=${session.id}`, forged]) {
      expect(await readSession(requestWith(cookie), stores()), cookie).toBeNull();
    }
  });

  it("do not open tokens moved from another session's row", async () => {
    const first = await createSession(stores(), tokens, CUSTOMER);
    const second = await createSession(
      stores(),
      { ...tokens, accessToken: "other.access.token" },
      "gid://shopify/Customer/8",
    );
    const { db } = handle();
    await db.execute(
      sql`update ${customerSessions} set sealed_tokens = (select sealed_tokens from ${customerSessions} s where s.customer_id = 'gid://shopify/Customer/8' limit 1) where customer_id = ${CUSTOMER}`,
    );
    expect(await readSession(requestWith(pairOf(first.setCookie)), stores())).toBeNull();
    expect(await readSession(requestWith(pairOf(second.setCookie)), stores())).toMatchObject({
      accessToken: "other.access.token",
    });
  });

  it("end at once when deleted: the same cookie replayed finds nothing", async () => {
    const { session, setCookie } = await createSession(stores(), tokens, CUSTOMER);
    await deleteSession(stores(), session.id);
    expect(await readSession(requestWith(pairOf(setCookie)), stores())).toBeNull();
  });

  it("keep one refresh when two are stored over the same version", async () => {
    const { session } = await createSession(stores(), tokens, CUSTOMER);
    const first = await saveRefreshedTokens(stores(), session, {
      ...tokens,
      accessToken: "first.access.token",
    });
    const second = await saveRefreshedTokens(stores(), session, {
      ...tokens,
      accessToken: "second.access.token",
    });
    expect(first).toMatchObject({ accessToken: "first.access.token", version: 2 });
    expect(second).toEqual(first);
    await deleteSession(stores(), session.id);
    expect(await saveRefreshedTokens(stores(), session, tokens)).toBeNull();
  });

  it("expire after 7 days and are purged when someone signs in", async () => {
    const { setCookie } = await createSession(stores(), tokens, "gid://shopify/Customer/old");
    const { db } = handle();
    await db.execute(
      sql`update ${customerSessions} set expires_at = now() - interval '1 minute' where customer_id = 'gid://shopify/Customer/old'`,
    );
    expect(await readSession(requestWith(pairOf(setCookie)), stores())).toBeNull();
    await createSession(stores(), tokens, CUSTOMER);
    const { rows } = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from ${customerSessions} where customer_id = 'gid://shopify/Customer/old'`,
    );
    expect(rows[0]?.count).toBe(0);
  });
});
