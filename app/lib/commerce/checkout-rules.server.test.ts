import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Browser,
  PUMP,
  postCartForm,
  startStorefrontEmulator,
} from "../../../tests/support/cart-emulator";
import {
  accessTokenFor,
  startCustomerAccountEmulator,
} from "../../../tests/support/customer-account-emulator";
import {
  createCustomerAccountClient,
  customerAccountApiUrl,
} from "../customer/customer-account.server";
import { createSession } from "../customer/session.server";

// product §6: who may use the platform's checkout. Commercial customers and commercial-only
// products go to the purchase-order flow, and the checkout URL is never handed out for them.

const ZODIAC = "gid://shopify/ProductVariant/47100232"; // productType "commercial"
const storefront = startStorefrontEmulator();
let customers: Awaited<ReturnType<typeof startCustomerAccountEmulator>>;

beforeAll(async () => {
  customers = await startCustomerAccountEmulator();
});
afterAll(async () => {
  await customers.close();
});

const services = () => ({
  ...storefront.services(),
  customerAccount: createCustomerAccountClient({ apiUrl: customerAccountApiUrl(customers.issuer) }),
});

async function signedIn(browser: Browser, email: string) {
  const accessToken = await accessTokenFor(customers, email);
  const { setCookie } = await createSession(
    services(),
    {
      accessToken,
      accessTokenExpiresAt: Date.now() + 60_000,
      refreshToken: undefined,
      idToken: undefined,
    },
    `customer:${email}`,
  );
  browser.keep([setCookie]);
  return browser;
}

async function cartWith(browser: Browser, variant: string) {
  const added = await postCartForm(
    browser,
    { intent: "add", merchandiseId: variant },
    { services: services() },
  );
  expect(added.status).toBe(200);
  return browser;
}

const checkout = (browser: Browser, navigate = false) =>
  postCartForm(
    browser,
    navigate ? { intent: "checkout", redirectTo: "/store/products/x" } : { intent: "checkout" },
    { services: services(), navigate },
  );

/** Nothing the browser gets may lead to the platform's checkout. */
function expectNoCheckoutUrl(answer: Awaited<ReturnType<typeof checkout>>) {
  const everything = `${answer.location ?? ""} ${JSON.stringify(answer.body ?? {})}`;
  expect(everything).not.toMatch(/\/cart\/c\//);
  expect(everything).not.toContain("checkout?");
}

describe("checkout for commercial customers and commercial products", () => {
  it("sends an anonymous visitor with a commercial product to sign in for the purchase-order flow", async () => {
    const browser = await cartWith(new Browser(), ZODIAC);
    const answer = await checkout(browser);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      ok: false,
      error:
        "Commercial Products: Your cart contains commercial-only products. Please log in to complete your purchase order.",
      notice: { signInTo: "/purchase-order-checkout" },
    });
    expectNoCheckoutUrl(answer);

    const page = await checkout(browser, true);
    expect(page).toMatchObject({ status: 303, location: "/store/products/x" });
    expectNoCheckoutUrl(page);
  });

  it("sends a commercial customer to the purchase-order flow, even with an ordinary cart", async () => {
    const browser = await cartWith(
      await signedIn(new Browser(), "marcus@reid-aquatic.example.com"),
      PUMP,
    );
    const answer = await checkout(browser);
    expect(answer.body).toMatchObject({
      ok: false,
      error:
        "Commercial Customer: As a commercial customer, you must use the purchase order process. Redirecting...",
      notice: { goTo: "/purchase-order-checkout" },
    });
    expectNoCheckoutUrl(answer);
    expectNoCheckoutUrl(await checkout(browser, true));
  });

  it("keeps commercial products out of an ordinary customer's checkout, and lets the rest through", async () => {
    const olivia = await cartWith(
      await signedIn(new Browser(), "olivia.bennett@example.com"),
      ZODIAC,
    );
    const refused = await checkout(olivia);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ok: false, notice: { title: "Commercial Products" } });
    expectNoCheckoutUrl(refused);

    const ordinary = await cartWith(
      await signedIn(new Browser(), "olivia.bennett@example.com"),
      PUMP,
    );
    const allowed = await checkout(ordinary);
    expect(allowed.status).toBe(303);
    expect(new URL(allowed.location ?? "").searchParams.get("logged_in")).toBe("true");
  });
});
