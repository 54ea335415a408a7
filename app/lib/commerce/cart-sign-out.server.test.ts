import { describe, expect, it } from "vitest";
import { Browser, PUMP, startStorefrontEmulator } from "../../../tests/support/cart-emulator";
import { SESSION_COOKIE } from "../customer/session-cookie";
import { createCartApi } from "./cart.server";
import { emptyCartOnSignOut } from "./cart-sign-out.server";

const { post, services, storefront } = startStorefrontEmulator();

describe("signing out", () => {
  it("empties a signed-in customer's cart when the session ends", async () => {
    const browser = new Browser();
    browser.cookies.set(SESSION_COOKIE, "signed-token");
    await post(browser, { intent: "add", merchandiseId: PUMP, quantity: "2" });

    // Signing out: the lines go and the cookie is cleared.
    const request = browser.request();
    const cartId = JSON.parse(
      Buffer.from(
        decodeURIComponent(browser.cookies.get("lagoon_cart") ?? ""),
        "base64",
      ).toString(),
    ).id as string;
    const setCookie = await emptyCartOnSignOut(request, services());
    expect(setCookie).toMatch(/^lagoon_cart=;.*Max-Age=0/i);
    expect((await createCartApi(storefront()).get(cartId))?.lines).toEqual([]);
  });
});
