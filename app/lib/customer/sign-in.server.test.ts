import { sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  CookieJar,
  signInAtEmulator,
  startCustomerAccountEmulator,
} from "../../../tests/support/customer-account-emulator";
import { describeOnBothEngines } from "../../../tests/support/databases";
import { requestContextFor } from "../../../tests/support/request-context";
import { createMemoryCache, readConfig } from "../../../tests/support/server-parts";
import { loader as authorize } from "../../routes/account.authorize";
import { loader as login } from "../../routes/account.login";
import { action as logout } from "../../routes/account.logout";
import type { AppContext } from "../context.server";
import { createExpiringState } from "../state/expiring-state.server";
import { EMBEDDED_CLIENT_ID } from "./auth.server";
import { handleAuthApiAction } from "./auth-api.server";
import { createCustomerAccountClient } from "./customer-account.server";
import { readFreshSession } from "./fresh-session.server";
import { customerSessions } from "./session-schema";

// Sign-in, the session and sign-out through the app's own routes, against the customer-account
// emulator over HTTP: issue 14, findings 3 (login CSRF), 4 (mixed sessions) and 12 (sign-out).

let emulator: Awaited<ReturnType<typeof startCustomerAccountEmulator>>;
beforeAll(async () => {
  emulator = await startCustomerAccountEmulator({ clientId: EMBEDDED_CLIENT_ID });
});
afterAll(() => emulator.close());

const OLIVIA = "olivia.bennett@example.com";
const LIAM = "liam.oconnor@example.com";

/** A browser: the shop's cookies (name=value) and the provider's, kept apart as a browser would. */
class ShopBrowser {
  readonly cookies = new Map<string, string>();
  readonly provider = new CookieJar();
  keep(response: Response) {
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ""] = setCookie.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (/max-age=0/i.test(setCookie) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  request(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set("Cookie", this.header);
    return new Request(url, { ...init, headers });
  }
}

describeOnBothEngines("signing in and out", (handle) => {
  let services: AppContext;
  let context: RouterContextProvider;
  beforeAll(() => {
    services = {
      config: readConfig({ NODE_ENV: "test", LAGOON_PUBLIC_URL: emulator.origin }),
      cache: createMemoryCache(),
      database: handle(),
      state: createExpiringState(handle()),
      customerAccount: createCustomerAccountClient({ apiUrl: emulator.graphqlUrl }),
      logger: { warn: () => {} },
    } as unknown as AppContext;
    context = requestContextFor(services);
  });

  const shop = (path: string) => `${emulator.origin}${path}`;
  const sessionCount = async () => {
    const { rows } = await handle().db.execute<{ count: number }>(
      sql`select count(*)::int as count from ${customerSessions}`,
    );
    return rows[0]?.count ?? 0;
  };

  /** Starts sign-in in `browser` and signs in at the provider; resolves to the callback URL. */
  async function startSignIn(browser: ShopBrowser, email: string) {
    const started = browser.keep(
      await login({
        request: browser.request(shop("/account/login?returnTo=/account")),
        context,
      } as never),
    );
    return signInAtEmulator(
      new URL(started.headers.get("Location") ?? ""),
      email,
      browser.provider,
    );
  }

  async function callback(browser: ShopBrowser, url: URL) {
    return browser.keep(
      (await authorize({ request: browser.request(url.href), context } as never)) as Response,
    );
  }

  async function fetchCustomerData(browser: ShopBrowser) {
    const request = browser.request(shop("/api/auth/fetchCustomerData"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    try {
      const result = (await handleAuthApiAction(request, "fetchCustomerData", services)) as {
        data: { data: { customer: { email: string } } };
      };
      return { status: 200, email: result.data.data.customer.email };
    } catch (thrown) {
      return { status: (thrown as Response).status, email: null };
    }
  }

  it("refuses a callback the browser did not start: nobody is signed in (finding 3)", async () => {
    const attacker = new ShopBrowser();
    const link = await startSignIn(attacker, LIAM);
    const before = await sessionCount();

    // The attacker's unvisited callback link, opened by someone else: a fresh browser, and one
    // in the middle of its own sign-in.
    const victim = new ShopBrowser();
    const signingIn = new ShopBrowser();
    await startSignIn(signingIn, OLIVIA);
    for (const browser of [victim, signingIn]) {
      const refused = await callback(browser, link);
      expect(refused.headers.get("Location")).toBe("/login?error=expired");
      expect(browser.cookies.has("lagoon_session")).toBe(false);
      expect((await fetchCustomerData(browser)).status).toBe(401);
    }
    expect(await sessionCount()).toBe(before);

    // The browser that started it is signed in by the same link.
    const signedIn = await callback(attacker, link);
    expect(signedIn.headers.get("Location")).toBe("/account");
    expect(attacker.cookies.has("lagoon_session")).toBe(true);
    expect(attacker.cookies.has("lagoon_sign_in")).toBe(false);
    expect(await fetchCustomerData(attacker)).toEqual({ status: 200, email: LIAM });
  });

  it("holds one opaque cookie: each browser sees its own customer, old token cookies sign nobody in (finding 4)", async () => {
    const olivia = new ShopBrowser();
    const liam = new ShopBrowser();
    await callback(olivia, await startSignIn(olivia, OLIVIA));
    await callback(liam, await startSignIn(liam, LIAM));
    expect([...olivia.cookies.keys()]).toEqual(["lagoon_session"]);
    expect(await fetchCustomerData(olivia)).toEqual({ status: 200, email: OLIVIA });
    expect(await fetchCustomerData(liam)).toEqual({ status: 200, email: LIAM });
    // The profile cache is shared and keyed by the session's own customer.
    expect(await fetchCustomerData(olivia)).toEqual({ status: 200, email: OLIVIA });

    const mixed = new ShopBrowser();
    mixed.cookies.set("lagoon_access_token", "a.b.c");
    mixed.cookies.set("lagoon_id_token", "x.y.z");
    expect((await fetchCustomerData(mixed)).status).toBe(401);
  });

  it("ends the session on the server at sign-out: the old cookie replayed is signed out (finding 12)", async () => {
    const browser = new ShopBrowser();
    await callback(browser, await startSignIn(browser, OLIVIA));
    const copy = new ShopBrowser();
    copy.cookies.set("lagoon_session", browser.cookies.get("lagoon_session") ?? "");

    const signedOut = browser.keep(
      (await logout({
        request: browser.request(shop("/account/logout"), { method: "POST" }),
        context,
      } as never)) as Response,
    );
    expect(signedOut.headers.get("Location")).toContain("id_token_hint=");
    expect(browser.cookies.has("lagoon_session")).toBe(false);

    expect(await fetchCustomerData(copy)).toEqual({ status: 401, email: null });
    const fresh = await readFreshSession(copy.request(shop("/account")), services);
    expect(fresh).toMatchObject({
      status: "rejected",
      setCookies: [expect.stringMatching(/^lagoon_session=;/)],
    });
  });
});
