import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createMemoryCache,
  type DatabaseHandle,
  openDatabase,
  readConfig,
} from "../../../tests/support/server-parts";
import { createExpiringState, type ExpiringState } from "../state/expiring-state.server";
import { verifyCheckoutSession } from "./checkout-session.server";
import {
  REFRESH_RETRY_DELAYS_MS,
  readFreshSession,
  requireApiSession,
  requireFreshSession,
} from "./fresh-session.server";
import {
  type CustomerTokens,
  IdentityProviderUnavailableError,
  RefreshRejectedError,
  refreshCustomerTokens,
} from "./oidc.server";
import { createSession, deleteSession, readSession, saveRefreshedTokens } from "./session.server";
import { digest } from "./session-crypto.server";

// The identity provider is the one thing stood in for; the cookie, the session store (on PGlite
// here; session.server.test.ts runs it on PostgreSQL too) and the shared cache are real.
vi.mock("./oidc.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./oidc.server")>()),
  refreshCustomerTokens: vi.fn(),
}));
const refresh = vi.mocked(refreshCustomerTokens);

const config = readConfig({});
let database: DatabaseHandle;
let services: {
  config: typeof config;
  cache: ReturnType<typeof createMemoryCache>;
  database: DatabaseHandle;
  state: ExpiringState;
};
const noWait = { sleep: async () => {} };

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
}, 30_000);
afterAll(async () => {
  await database?.close();
});

const expired: CustomerTokens = {
  accessToken: "a.b.c",
  accessTokenExpiresAt: Date.now() - 1000,
  refreshToken: "refresh-1",
  idToken: "x.y.z",
};
const valid: CustomerTokens = { ...expired, accessTokenExpiresAt: Date.now() + 60_000 };
const rotated: CustomerTokens = {
  accessToken: "d.e.f",
  accessTokenExpiresAt: Date.now() + 60_000,
  refreshToken: "refresh-2",
  idToken: undefined,
};

function deferredTokens() {
  let resolve!: (tokens: CustomerTokens) => void;
  const promise = new Promise<CustomerTokens>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A request carrying the cookie of a session just started with `tokens`. */
async function requestWith(tokens?: CustomerTokens, path = "/account/orders/7?x=1") {
  const Cookie = tokens
    ? (await createSession(services, tokens, "gid://shopify/Customer/7")).setCookie.split(";")[0]
    : undefined;
  return new Request(`http://shop.test${path}`, { headers: Cookie ? { Cookie } : {} });
}

const clearsTheCookie = (setCookies: readonly string[]) => {
  expect(setCookies).toHaveLength(1);
  expect(setCookies[0]).toMatch(/^lagoon_session=;.*Max-Age=0/);
};

beforeEach(async () => {
  refresh.mockReset();
  services = { config, cache: createMemoryCache(), database, state: createExpiringState(database) };
  // Each test starts with no refresh shared by an earlier one (the database is the file's).
  await services.state.delete(`refresh:${digest("refresh-1")}`);
});

describe("readFreshSession (product §4)", () => {
  it("finds no session without the cookies", async () => {
    expect(await readFreshSession(await requestWith(), services)).toEqual({ status: "signed-out" });
  });

  it("keeps a valid session without calling the provider or setting cookies", async () => {
    const fresh = await readFreshSession(await requestWith(valid), services);
    expect(fresh).toMatchObject({
      status: "signed-in",
      session: { ...valid, customerId: "gid://shopify/Customer/7", version: 1 },
      setCookies: [],
    });
    expect(refresh).not.toHaveBeenCalled();
  });

  it("refreshes an expired access token once and keeps the new tokens in the session", async () => {
    refresh.mockResolvedValue(rotated);
    const request = await requestWith(expired);
    const fresh = await readFreshSession(request, services);
    const refreshed = { accessToken: "d.e.f", refreshToken: "refresh-2", idToken: "x.y.z" };
    // The browser's cookie does not change: the tokens are on the server.
    expect(fresh).toMatchObject({ status: "signed-in", session: refreshed, setCookies: [] });
    expect(await readSession(request, services)).toMatchObject({ ...refreshed, version: 2 });
    expect(refresh).toHaveBeenCalledTimes(1);
    // The result shared through the cache (Redis between processes) is sealed (finding 12).
    const shared = await services.cache.get<string>(`refresh:${digest("refresh-1")}`);
    expect(shared).toEqual(expect.any(String));
    for (const token of ["d.e.f", "refresh-2"]) expect(shared).not.toContain(token);
  });

  it("keeps a refresh's result where no flood of cache entries can evict it (issue 28)", async () => {
    refresh.mockResolvedValue(rotated);
    // Two reads of the session before the first refresh stored its tokens (two cookies carrying
    // the same refresh token stand in for them); the second is answered after the cache lost
    // the shared result (evicted, or Redis restarted), here or on another process.
    const first = await requestWith(expired);
    const second = await requestWith(expired);
    await readFreshSession(first, services);
    const emptied = { ...services, cache: createMemoryCache() };
    const late = await readFreshSession(second, emptied);
    expect(late).toMatchObject({
      status: "signed-in",
      session: { accessToken: "d.e.f", refreshToken: "refresh-2" },
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    const kept = await services.state.get<string>(`refresh:${digest("refresh-1")}`);
    for (const token of ["d.e.f", "refresh-2"]) expect(kept).not.toContain(token);
  });

  it("shares one refresh between concurrent requests, so token rotation is not tripped", async () => {
    refresh.mockResolvedValue(rotated);
    const request = await requestWith(expired);
    const [first, second] = await Promise.all([
      readFreshSession(request.clone(), services),
      readFreshSession(request.clone(), services),
    ]);
    expect(first).toEqual(second);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("refreshes a token that still works when asked to", async () => {
    refresh.mockResolvedValue(rotated);
    const fresh = await readFreshSession(await requestWith(valid), services, {
      forceRefresh: true,
    });
    expect(fresh).toMatchObject({ status: "signed-in", session: { accessToken: "d.e.f" } });
  });

  it("retries a provider that is down 3 times, waiting 1 s, 2 s and 3 s", async () => {
    const waits: number[] = [];
    const down = new IdentityProviderUnavailableError("down");
    refresh
      .mockRejectedValueOnce(down)
      .mockRejectedValueOnce(down)
      .mockRejectedValueOnce(down)
      .mockResolvedValueOnce(rotated);
    const fresh = await readFreshSession(await requestWith(expired), services, {
      timing: { sleep: async (ms) => void waits.push(ms) },
    });
    expect(fresh.status).toBe("signed-in");
    expect(waits).toEqual([...REFRESH_RETRY_DELAYS_MS]);
    expect(REFRESH_RETRY_DELAYS_MS).toEqual([1000, 2000, 3000]);
  });

  it("never signs out on transient failures: it reports the provider unavailable", async () => {
    refresh.mockRejectedValue(new IdentityProviderUnavailableError("down"));
    const fresh = await readFreshSession(await requestWith(expired), services, { timing: noWait });
    expect(fresh).toEqual({ status: "unavailable" });
    expect(refresh).toHaveBeenCalledTimes(4);
  });

  it("gives up at its deadline when the provider hangs, however many retries are left (finding 10)", async () => {
    refresh.mockImplementation(() => new Promise(() => {}));
    const started = Date.now();
    const fresh = await readFreshSession(await requestWith(expired), services, {
      timing: { deadlineMs: 300 },
    });
    expect(fresh).toEqual({ status: "unavailable" });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("keeps the customer signed in when another process refreshed first and rotated the token", async () => {
    const request = await requestWith(expired);
    // Two processes share the database but not a cache (no Redis): both find the token expired.
    const otherProcess = { ...services, cache: createMemoryCache() };
    const firstRefresh = deferredTokens();
    refresh.mockImplementationOnce(() => firstRefresh.promise);
    // The provider rotates refresh tokens: the second use of refresh-1 is rejected.
    refresh.mockImplementationOnce(async () => {
      firstRefresh.resolve(rotated);
      await vi.waitFor(async () =>
        expect(await readSession(request, services)).toMatchObject({ version: 2 }),
      );
      throw new RefreshRejectedError("invalid_grant");
    });
    const [first, second] = await Promise.all([
      readFreshSession(request.clone(), services, { timing: noWait }),
      readFreshSession(request.clone(), otherProcess, { timing: noWait }),
    ]);
    expect(refresh).toHaveBeenCalledTimes(2);
    for (const fresh of [first, second]) {
      expect(fresh).toMatchObject({ status: "signed-in", session: { accessToken: "d.e.f" } });
    }
    expect(await readSession(request, services)).toMatchObject({ refreshToken: "refresh-2" });
  });

  it("ends the session at once when the provider rejects the refresh token", async () => {
    refresh.mockRejectedValue(new RefreshRejectedError("invalid_grant"));
    const request = await requestWith(expired);
    const fresh = await readFreshSession(request, services, { timing: noWait });
    expect(fresh.status).toBe("rejected");
    clearsTheCookie(fresh.status === "rejected" ? fresh.setCookies : []);
    expect(refresh).toHaveBeenCalledTimes(1);
    // Gone on the server too: the same cookie again is an ended session, not a second refresh.
    expect(await readSession(request, services)).toBeNull();
    const again = await readFreshSession(request, services, { timing: noWait });
    expect(again.status).toBe("rejected");
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe("what each caller answers when the session cannot be made fresh", () => {
  const thrown = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable("expected a thrown response"),
      (error: unknown) => error,
    );

  it("a page sends the visitor to /login and back, clearing an ended session's cookies", async () => {
    const anonymous = (await thrown(
      requireFreshSession(await requestWith(), services),
    )) as Response;
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(
      "/login?returnTo=%2Faccount%2Forders%2F7%3Fx%3D1",
    );
    expect(anonymous.headers.getSetCookie()).toEqual([]);

    refresh.mockRejectedValue(new RefreshRejectedError("invalid_grant"));
    const ended = (await thrown(
      requireFreshSession(await requestWith(expired), services),
    )) as Response;
    expect(ended.headers.get("Location")).toBe("/login?returnTo=%2Faccount%2Forders%2F7%3Fx%3D1");
    clearsTheCookie(ended.headers.getSetCookie());

    refresh.mockRejectedValue(new IdentityProviderUnavailableError("down"));
    const down = requireFreshSession(await requestWith(expired), services, { timing: noWait });
    expect(await thrown(down)).toMatchObject({ init: { status: 503 } });
  });

  it("an API call answers JSON: 401 without or with an ended session, 503 while the provider is down", async () => {
    const anonymous = (await thrown(requireApiSession(await requestWith(), services))) as Response;
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "No access token found", status: 401 });

    refresh.mockRejectedValueOnce(new RefreshRejectedError("invalid_grant"));
    const ended = (await thrown(
      requireApiSession(await requestWith(expired), services),
    )) as Response;
    expect(ended.status).toBe(401);
    expect(await ended.json()).toEqual({ error: "Invalid or expired access token", status: 401 });
    expect(ended.headers.get("Cache-Control")).toBe("no-store");
    clearsTheCookie(ended.headers.getSetCookie());

    refresh.mockRejectedValue(new IdentityProviderUnavailableError("down"));
    const down = (await thrown(
      requireApiSession(await requestWith(expired), services, { timing: noWait }),
    )) as Response;
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      error: "Sign-in is unavailable, please try again",
      status: 503,
    });
  });

  it("checkout asks for a new sign-in and leaves the cookies (and so the cart) as they are", async () => {
    refresh.mockRejectedValue(new RefreshRejectedError("invalid_grant"));
    expect(await verifyCheckoutSession(await requestWith(expired), services)).toEqual({
      ok: false,
      setCookies: [],
    });
  });
});

describe("readFreshSession's edges (product §4)", () => {
  it("ends a session whose access token expired and that has no refresh token, asking no one", async () => {
    const fresh = await readFreshSession(
      await requestWith({ ...expired, refreshToken: undefined }),
      services,
    );
    expect(fresh.status).toBe("rejected");
    if (fresh.status === "rejected") clearsTheCookie(fresh.setCookies);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("tries no more once the deadline passed during a wait between attempts", async () => {
    refresh.mockRejectedValue(new IdentityProviderUnavailableError("down"));
    const fresh = await readFreshSession(await requestWith(expired), services, {
      timing: {
        deadlineMs: 30,
        delaysMs: [80, 80],
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      },
    });
    expect(fresh).toEqual({ status: "unavailable" });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("clears the cookie of a session signed out while its refresh was on the way", async () => {
    const request = await requestWith(expired);
    const session = await readSession(request.clone(), services);
    refresh.mockImplementation(async () => {
      if (session) await deleteSession(services, session.id);
      return rotated;
    });
    const fresh = await readFreshSession(request, services);
    expect(fresh.status).toBe("rejected");
    if (fresh.status === "rejected") clearsTheCookie(fresh.setCookies);
  });

  it("signs out on a refused refresh unless another process stored newer tokens that still work", async () => {
    refresh.mockRejectedValue(new RefreshRejectedError("invalid_grant"));
    // The record still holds the refused token: nobody refreshed first.
    const unchanged = await readFreshSession(await requestWith(expired), services);
    expect(unchanged.status).toBe("rejected");

    // Another process stored new tokens, but they have expired too.
    const request = await requestWith(expired);
    const session = await readSession(request.clone(), services);
    refresh.mockImplementationOnce(async () => {
      if (session) {
        await saveRefreshedTokens(services, session, {
          ...rotated,
          accessTokenExpiresAt: Date.now() - 1000,
        });
      }
      throw new RefreshRejectedError("invalid_grant");
    });
    expect((await readFreshSession(request, services)).status).toBe("rejected");
  });

  it("keeps the customer signed in with the other process's tokens, and no cookie to set", async () => {
    const request = await requestWith(expired);
    const session = await readSession(request.clone(), services);
    refresh.mockImplementationOnce(async () => {
      if (session) await saveRefreshedTokens(services, session, rotated);
      throw new RefreshRejectedError("invalid_grant");
    });
    const fresh = await readFreshSession(request, services);
    expect(fresh).toMatchObject({ status: "signed-in", session: { accessToken: "d.e.f" } });
    if (fresh.status === "signed-in") expect(fresh.setCookies).toEqual([]);
  });

  it("passes on an error that is neither a refusal nor the provider being down", async () => {
    refresh.mockRejectedValue(new TypeError("a bug"));
    await expect(
      readFreshSession(await requestWith(expired), services, { timing: noWait }),
    ).rejects.toThrow("a bug");
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe("a fresh session as pages and API calls take it", () => {
  it("gives a page the session and the cookies to set", async () => {
    refresh.mockResolvedValue(rotated);
    const { session, setCookies } = await requireFreshSession(await requestWith(expired), services);
    expect(session).toMatchObject({ accessToken: "d.e.f" });
    expect(setCookies).toEqual([]);
  });

  it("gives an API call the session and headers that keep the answer out of any cache", async () => {
    const { session, headers } = await requireApiSession(await requestWith(valid), services);
    expect(session).toMatchObject({ accessToken: "a.b.c" });
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(headers.getSetCookie()).toEqual([]);
    const anonymous = await requireApiSession(await requestWith(), services).catch(
      (error: Response) => error,
    );
    expect((anonymous as Response).headers.getSetCookie()).toEqual([]);
  });
});
