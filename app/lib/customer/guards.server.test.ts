import { beforeEach, describe, expect, it, vi } from "vitest";
import { requestContextFor } from "../../../tests/support/request-context";
import { CustomerActionError, customerAccount } from "./account.server";
import { endSession, requireFreshSession } from "./fresh-session.server";
import { requireCustomer, requireGuards } from "./guards.server";

// The guards' own rules (product §6), one at a time. What they stand on is tested for real
// elsewhere and stood in for here: reading a fresh session (fresh-session.test.ts), the Customer
// Account API (account.server.test.ts) and ending a session; the whole chain runs over HTTP in
// the shop's tests (root.test.ts, vip and purchase-order pages).
vi.mock("./fresh-session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./fresh-session.server")>()),
  requireFreshSession: vi.fn(),
  endSession: vi.fn(),
}));
vi.mock("./account.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./account.server")>()),
  customerAccount: vi.fn(),
}));

const SESSION = { id: "s1", accessToken: "a", customerId: "gid://shopify/Customer/7" };
const PAGE = new URL("https://shop.test/account/vip?tab=1");

const contextFor = () => requestContextFor({ marker: "services" }, { url: PAGE.href });

/** The account the platform would give: a profile, and an order read that answers as `order` does. */
function accountWith(
  profile: { commercial: boolean; vip: boolean },
  order: () => Promise<unknown> = async () => [],
) {
  const account = { profile: vi.fn(async () => profile), order: vi.fn(order) };
  vi.mocked(customerAccount).mockReturnValue(account as never);
  return account;
}

const thrownBy = async (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (caught: unknown) => caught,
  );

beforeEach(() => {
  vi.mocked(requireFreshSession).mockReset();
  vi.mocked(requireFreshSession).mockResolvedValue({
    session: SESSION as never,
    setCookies: ["lagoon_session=renewed"],
  });
  vi.mocked(endSession).mockReset();
  vi.mocked(endSession).mockResolvedValue(["lagoon_session=; Max-Age=0"]);
});

describe("requireGuards (product §6)", () => {
  it("lets a signed-in customer through auth without asking for the profile", async () => {
    const account = accountWith({ commercial: false, vip: false });
    const request = new Request(PAGE);
    const customer = await requireGuards({ guards: ["auth"] }, request, contextFor());
    expect(customer.session).toBe(SESSION);
    expect(customer.setCookies).toEqual(["lagoon_session=renewed"]);
    expect(account.profile).not.toHaveBeenCalled();
    expect(requireFreshSession).toHaveBeenCalledWith(
      request,
      { marker: "services" },
      {
        page: PAGE,
      },
    );
  });

  it.each([
    [["auth", "commercial"], { commercial: false, vip: true }, 403],
    [["auth", "commercial"], { commercial: true, vip: false }, 200],
    [["auth", "vip"], { commercial: true, vip: false }, 403],
    [["auth", "vip"], { commercial: false, vip: true }, 200],
    [["auth", "commercial", "vip"], { commercial: true, vip: false }, 403],
    [["auth", "commercial", "vip"], { commercial: false, vip: true }, 403],
    [["auth", "commercial", "vip"], { commercial: true, vip: true }, 200],
  ] as const)("%j with %j answers %i", async (guards, profile, status) => {
    accountWith(profile);
    const outcome = requireGuards({ guards }, new Request(PAGE), contextFor());
    if (status === 200) {
      await expect(outcome).resolves.toMatchObject({ session: SESSION });
      return;
    }
    const refusal = await thrownBy(outcome);
    expect(refusal).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 } });
  });

  it("refuses a route that declares a guard it does not know, before reading any session", async () => {
    accountWith({ commercial: true, vip: true });
    const refusal = await thrownBy(
      requireGuards({ guards: ["admin"] }, new Request(PAGE), contextFor()),
    );
    expect(refusal).toMatchObject({ message: "Unknown route guard: admin" });
    expect(requireFreshSession).not.toHaveBeenCalled();
  });
});

describe("the account as pages use it (product §4)", () => {
  it("ends a session the platform rejects and sends the customer to sign in, back here after", async () => {
    accountWith({ commercial: false, vip: false }, async () => {
      throw new CustomerActionError("Invalid or expired access token", 401);
    });
    const { account } = await requireCustomer(new Request(PAGE), contextFor());
    const refusal = (await thrownBy(account.order("gid://shopify/Order/1"))) as Response;
    expect(refusal.status).toBe(302);
    expect(refusal.headers.get("Location")).toBe("/login?returnTo=%2Faccount%2Fvip%3Ftab%3D1");
    expect(refusal.headers.get("Set-Cookie")).toBe("lagoon_session=; Max-Age=0");
    expect(endSession).toHaveBeenCalledWith({ marker: "services" }, SESSION);
  });

  it("turns another refusal into its status page, never stored", async () => {
    accountWith({ commercial: false, vip: false }, async () => {
      throw new CustomerActionError("Failed to fetch order details", 404);
    });
    const { account } = await requireCustomer(new Request(PAGE), contextFor());
    const refusal = await thrownBy(account.order("gid://shopify/Order/1"));
    expect(refusal).toMatchObject({
      type: "DataWithResponseInit",
      init: { status: 404, headers: { "Cache-Control": "private, no-store" } },
    });
    expect(endSession).not.toHaveBeenCalled();
  });

  it.each(["HEAD"])("does the same for a %s", async (method) => {
    accountWith({ commercial: false, vip: false }, async () => {
      throw new CustomerActionError("Failed", 400);
    });
    const { account } = await requireCustomer(new Request(PAGE, { method }), contextFor());
    expect(await thrownBy(account.order("gid://shopify/Order/1"))).toMatchObject({
      init: { status: 400 },
    });
  });

  it("leaves an action's refusals, and any other error, to the caller", async () => {
    const refused = new CustomerActionError("Failed to update name", 400);
    accountWith({ commercial: false, vip: false }, async () => {
      throw refused;
    });
    const posted = await requireCustomer(new Request(PAGE, { method: "POST" }), contextFor());
    expect(await thrownBy(posted.account.order("gid://shopify/Order/1"))).toBe(refused);

    const broken = new TypeError("network down");
    accountWith({ commercial: false, vip: false }, async () => {
      throw broken;
    });
    const read = await requireCustomer(new Request(PAGE), contextFor());
    expect(await thrownBy(read.account.order("gid://shopify/Order/1"))).toBe(broken);
  });

  it("passes what the platform answers through unchanged", async () => {
    accountWith({ commercial: true, vip: false }, async () => ["order 1"]);
    const { account } = await requireCustomer(new Request(PAGE), contextFor());
    expect(await account.order("gid://shopify/Order/1")).toEqual(["order 1"]);
    expect(await account.profile()).toEqual({ commercial: true, vip: false });
  });
});
