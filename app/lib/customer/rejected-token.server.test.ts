import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessTokenFor,
  startCustomerAccountEmulator,
} from "../../../tests/support/customer-account-emulator";
import { requestContextFor } from "../../../tests/support/request-context";
import {
  createMemoryCache,
  type DatabaseHandle,
  openDatabase,
  readConfig,
} from "../../../tests/support/server-parts";
import type { AppContext } from "../context.server";
import type { CustomerAccount } from "./account.server";
import { handleAuthApiAction } from "./auth-api.server";
import { createCustomerAccountClient, customerAccountApiUrl } from "./customer-account.server";
import { handleCustomerApiAction } from "./customer-api.server";
import { requireCustomer } from "./guards.server";
import { createSession, readSession } from "./session.server";

// Issue 14, finding 9: a token the platform rejects (its provider restarted with new keys) used
// to give 500 on /account and /account/orders/{id}; it ends the session and asks to sign in again.

let issuer: Awaited<ReturnType<typeof startCustomerAccountEmulator>>;
let restarted: Awaited<ReturnType<typeof startCustomerAccountEmulator>>;
let database: DatabaseHandle;

beforeAll(async () => {
  issuer = await startCustomerAccountEmulator();
  restarted = await startCustomerAccountEmulator();
  database = await openDatabase({ dataDir: "memory://" });
}, 30_000);
afterAll(async () => {
  await Promise.all([issuer.close(), restarted.close(), database?.close()]);
});

async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

const calls: [string, (account: CustomerAccount) => Promise<unknown>][] = [
  ["/account", (account) => account.profile()],
  ["/account/orders/1001?x=1", (account) => account.order("gid://shopify/Order/1001")],
];

/** Services on a platform at `api`, and a session holding a token `issuedBy` gave Olivia. */
async function sessionAt(
  api: Awaited<ReturnType<typeof startCustomerAccountEmulator>>,
  issuedBy = api,
) {
  const services = {
    config: readConfig({ NODE_ENV: "test" }),
    database,
    cache: createMemoryCache(),
    logger: { warn: () => {} },
    customerAccount: createCustomerAccountClient({ apiUrl: customerAccountApiUrl(api.issuer) }),
  };
  const { setCookie } = await createSession(
    services,
    {
      accessToken: await accessTokenFor(issuedBy, "olivia.bennett@example.com"),
      accessTokenExpiresAt: Date.now() + 60_000,
      refreshToken: undefined,
      idToken: undefined,
    },
    "gid://shopify/Customer/1",
  );
  return { services, cookie: setCookie.split(";")[0] ?? "" };
}

/** The provider that issued the token is gone: the platform now has other keys. */
const rejectedSession = () => sessionAt(restarted, issuer);

describe("a token the platform rejects", () => {
  for (const [path, call] of calls) {
    it(`sends ${path} to sign in again, coming back, with the session ended`, async () => {
      const { services, cookie } = await rejectedSession();
      const request = new Request(`http://shop.example${path}`, { headers: { Cookie: cookie } });
      const context = requestContextFor(services, { url: request.url });

      const customer = await requireCustomer(request, context);
      const thrown = await thrownBy(() => call(customer.account));
      expect(thrown).toBeInstanceOf(Response);
      const response = thrown as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/login?returnTo=${encodeURIComponent(path)}`);
      expect(response.headers.getSetCookie()).toEqual([
        expect.stringMatching(/^lagoon_session=;.*Max-Age=0/),
      ]);
      expect(await readSession(request, services)).toBeNull();
    });
  }

  const apiCalls: [string, (request: Request, services: AppContext) => Promise<unknown>][] = [
    ["/api/auth/fetchCustomerData", (r, s) => handleAuthApiAction(r, "fetchCustomerData", s)],
    ["/api/customer/update-name", (r, s) => handleCustomerApiAction(r, "update-name", s)],
  ];
  for (const [path, call] of apiCalls) {
    it(`answers ${path} with 401 and ends the session`, async () => {
      const { services, cookie } = await rejectedSession();
      const request = new Request(`http://shop.example${path}`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/json" },
        body: JSON.stringify({ firstName: "Olivia", lastName: "B" }),
      });
      const answer = (await call(request, services as unknown as AppContext)) as {
        data: { error: string; status: number };
        init: ResponseInit;
      };
      expect(answer.data).toMatchObject({ error: "Invalid or expired access token", status: 401 });
      expect(answer.init.status).toBe(401);
      expect(new Headers(answer.init.headers).getSetCookie()).toEqual([
        expect.stringMatching(/^lagoon_session=;.*Max-Age=0/),
      ]);
      expect(await readSession(request, services)).toBeNull();
    });
  }
});

describe("a refusal of the platform on a page", () => {
  // Found by the fuzz suite: HEAD /account?ordersAfter=pool answered 500 where GET answered 400.
  it.each(["GET", "HEAD"])("%s with a cursor that is no cursor is the 400 page", async (method) => {
    const { services, cookie } = await sessionAt(issuer);
    const request = new Request("http://shop.example/account?ordersAfter=pool", {
      method,
      headers: { Cookie: cookie },
    });
    const context = requestContextFor(services, { url: request.url });

    const customer = await requireCustomer(request, context);
    const thrown = await thrownBy(() => customer.account.ordersAfter("pool"));
    expect(thrown).toMatchObject({ init: { status: 400 } });
  });
});
