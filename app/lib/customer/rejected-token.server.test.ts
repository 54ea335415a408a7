import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessTokenFor,
  startCustomerAccountEmulator,
} from "../../../tests/support/customer-account-emulator";
import { createMemoryCache, readConfig } from "../../../tests/support/server-parts";
import { createCustomerAccountClient, customerAccountApiUrl } from "./customer-account.server";
import { requireCustomer } from "./guards.server";
import { commitSession } from "./session.server";

// Issue 14, finding 9: a token the platform rejects (its provider restarted with new keys) used
// to give 500 on /account and /account/orders/{id}; it ends the session and asks to sign in again.

let issuer: Awaited<ReturnType<typeof startCustomerAccountEmulator>>;
let restarted: Awaited<ReturnType<typeof startCustomerAccountEmulator>>;

beforeAll(async () => {
  issuer = await startCustomerAccountEmulator();
  restarted = await startCustomerAccountEmulator();
});
afterAll(async () => {
  await Promise.all([issuer.close(), restarted.close()]);
});

async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("a token the platform rejects", () => {
  it("sends a page to sign in again, coming back, with the session cookies cleared", async () => {
    const config = readConfig({ NODE_ENV: "test" });
    const accessToken = await accessTokenFor(issuer, "olivia.bennett@example.com");
    const cookies = await commitSession(
      {
        accessToken,
        accessTokenExpiresAt: Date.now() + 60_000,
        refreshToken: undefined,
        idToken: undefined,
      },
      config,
    );
    const request = new Request("http://shop.example/account/orders/1001?x=1", {
      headers: { Cookie: cookies.map((cookie) => cookie.split(";")[0]).join("; ") },
    });
    const context = {
      services: {
        config,
        cache: createMemoryCache(),
        // The provider that issued the token is gone: this one has other keys.
        customerAccount: createCustomerAccountClient({
          apiUrl: customerAccountApiUrl(restarted.issuer),
        }),
      },
    } as unknown as AppLoadContext;

    const customer = await requireCustomer(request, context);
    const thrown = await thrownBy(() => customer.account.profile());
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/login?returnTo=${encodeURIComponent("/account/orders/1001?x=1")}`,
    );
    expect(response.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(
      response.headers
        .getSetCookie()
        .every((cookie) => /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(cookie)),
    ).toBe(true);
  });
});

describe("a refusal of the platform on a page", () => {
  // Found by the fuzz suite: HEAD /account?ordersAfter=pool answered 500 where GET answered 400.
  it.each(["GET", "HEAD"])("%s with a cursor that is no cursor is the 400 page", async (method) => {
    const config = readConfig({ NODE_ENV: "test" });
    const accessToken = await accessTokenFor(issuer, "olivia.bennett@example.com");
    const cookies = await commitSession(
      {
        accessToken,
        accessTokenExpiresAt: Date.now() + 60_000,
        refreshToken: undefined,
        idToken: undefined,
      },
      config,
    );
    const request = new Request("http://shop.example/account?ordersAfter=pool", {
      method,
      headers: { Cookie: cookies.map((cookie) => cookie.split(";")[0]).join("; ") },
    });
    const context = {
      services: {
        config,
        cache: createMemoryCache(),
        customerAccount: createCustomerAccountClient({
          apiUrl: customerAccountApiUrl(issuer.issuer),
        }),
      },
    } as unknown as AppLoadContext;

    const customer = await requireCustomer(request, context);
    const thrown = await thrownBy(() => customer.account.ordersAfter("pool"));
    expect(thrown).toMatchObject({ init: { status: 400 } });
  });
});
