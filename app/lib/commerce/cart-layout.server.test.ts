import { describe, expect, it } from "vitest";
import {
  Browser,
  cartOf,
  PUMP,
  startStorefrontEmulator,
} from "../../../tests/support/cart-emulator";
import { SESSION_COOKIE } from "../customer/session-cookie";
import { createCartApi } from "./cart.server";
import { serializeCartSession } from "./cart-cookie.server";
import { loadCartForLayout } from "./cart-layout.server";

// What the layout shows of a cart over its life, against the storefront emulator.

const { post, services, storefront } = startStorefrontEmulator();

describe("the cart's lifecycle", () => {
  it("forgets a cart the checkout completed", async () => {
    const browser = new Browser();
    await post(browser, { intent: "add", merchandiseId: PUMP, quantity: "1" });
    const checkout = await post(browser, { intent: "checkout" });
    const placed = await fetch(checkout.location ?? "", {
      method: "POST",
      body: new URLSearchParams({
        email: "shopper@example.com",
        firstName: "Ava",
        lastName: "Nguyen",
        address1: "1 Reef St",
        city: "Burleigh Heads",
        zoneCode: "QLD",
        zip: "4220",
      }),
      redirect: "manual",
    });
    expect(placed.status).toBe(303);
    const layout = await loadCartForLayout(browser.request(), services());
    expect(layout.data.cart).toBeNull();
    expect(layout.headers.getSetCookie().some((c) => /^lagoon_cart=;/.test(c))).toBe(true);
    // The next add starts a new cart.
    const next = await post(browser, { intent: "add", merchandiseId: PUMP, quantity: "1" });
    expect(cartOf(next.body)?.totalQuantity).toBe(1);
  });

  it("hides a signed-in customer's cart once the session cookie is gone", async () => {
    const browser = new Browser();
    browser.cookies.set(SESSION_COOKIE, "signed-token");
    await post(browser, { intent: "add", merchandiseId: PUMP, quantity: "2" });
    browser.cookies.delete(SESSION_COOKIE);
    const layout = await loadCartForLayout(browser.request(), services());
    expect(layout.data.cart).toBeNull();
    expect(layout.headers.getSetCookie().some((c) => /^lagoon_cart=;/.test(c))).toBe(true);

    // An anonymous visitor's cart stays across visits.
    const visitor = new Browser();
    visitor.cookies.set(
      "lagoon_cart",
      (
        await serializeCartSession(
          { cartId: await createCartApi(storefront()).create(), customer: false },
          { env: "test" },
        )
      )
        .split(";")[0]
        ?.split("=")[1] ?? "",
    );
    await post(visitor, { intent: "add", merchandiseId: PUMP, quantity: "1" });
    const kept = await loadCartForLayout(visitor.request(), services());
    expect(kept.data.cart?.totalQuantity).toBe(1);
  });

  it("shows the page with the cart unavailable, not emptied, when the Storefront API fails", async () => {
    const browser = new Browser();
    await post(browser, { intent: "add", merchandiseId: PUMP, quantity: "1" });
    const layout = await loadCartForLayout(browser.request(), services({ fault: "status:500" }));
    expect(layout.data).toMatchObject({ cart: null, unavailable: true });
    expect(layout.data.formKey).toEqual(expect.any(String));
    expect(layout.headers.getSetCookie()).toEqual([]);
  });
});

describe("the add forms' key", () => {
  it("is new on every page with a cart, and absent without one", async () => {
    const visitor = new Browser();
    expect((await loadCartForLayout(visitor.request(), services())).data.formKey).toBeNull();
    await post(visitor, { intent: "add", merchandiseId: PUMP, quantity: "1" });
    const first = (await loadCartForLayout(visitor.request(), services())).data.formKey;
    const second = (await loadCartForLayout(visitor.request(), services())).data.formKey;
    expect(first).toMatch(/^[\w-]{36}$/);
    expect(second).toMatch(/^[\w-]{36}$/);
    expect(second).not.toBe(first);
  });
});
