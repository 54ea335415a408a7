import { describe, expect, it } from "vitest";
import {
  Browser,
  cartOf,
  LOW_STOCK_TESTER,
  MOUNT,
  ONLINE_COURSE,
  PUMP,
  SHOP,
  startStorefrontEmulator,
} from "../../../tests/support/cart-emulator";
import { createSession } from "../customer/session.server";
import { SESSION_COOKIE } from "../customer/session-cookie";
import { CART_ERRORS } from "./cart.server";
import { handleCartAction } from "./cart-action.server";
import { loadCartForLayout } from "./cart-layout.server";
import { CartBusyError } from "./cart-lock.server";

// POST /api/cart as fetchers and JavaScript-less forms send it, against the storefront emulator.

const emulator = startStorefrontEmulator();
const { post, services, warnings } = emulator;

describe("POST /api/cart (handleCartAction)", () => {
  it("creates the cart on the first add and keeps its id in an httpOnly cookie", async () => {
    const browser = new Browser();
    const request = new Request(`${SHOP}/api/cart`, {
      method: "POST",
      body: new URLSearchParams({ intent: "add", merchandiseId: PUMP, quantity: "2" }),
    });
    const result = await handleCartAction(request, services());
    if (result instanceof Response) throw new Error("expected data for a fetcher");
    const [setCookie] = new Headers(result.init?.headers).getSetCookie();
    expect(setCookie).toMatch(/^lagoon_cart=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    browser.keep([setCookie ?? ""]);
    const cart = cartOf(result.data);
    expect(cart?.totalQuantity).toBe(2);
    expect(cart).not.toHaveProperty("id");
    expect(cart).not.toHaveProperty("checkoutUrl");

    // The cookie finds the same cart again: the next add merges into the line.
    const again = await post(browser, { intent: "add", merchandiseId: PUMP, quantity: "1" });
    expect(cartOf(again.body)?.lines).toHaveLength(1);
    expect(cartOf(again.body)?.totalQuantity).toBe(3);
  });

  it("refuses a quantity beyond the Storefront API's 32-bit range as bad input (400)", async () => {
    const browser = new Browser();
    const added = await post(browser, { intent: "add", merchandiseId: PUMP, quantity: "1" });
    const lineId = cartOf(added.body)?.lines[0]?.id ?? "";
    for (const quantity of ["2147483648", "99999999999999999999"]) {
      expect(await post(browser, { intent: "update", lineId, quantity })).toMatchObject({
        status: 400,
        body: { ok: false, error: CART_ERRORS.update },
      });
      expect(await post(browser, { intent: "add", merchandiseId: PUMP, quantity })).toMatchObject({
        status: 400,
        body: { ok: false, error: CART_ERRORS.add },
      });
    }
  });

  it("updates with lower values becoming 1, and removes", async () => {
    const browser = new Browser();
    const added = await post(browser, { intent: "add", merchandiseId: PUMP, quantity: "4" });
    const lineId = cartOf(added.body)?.lines[0]?.id ?? "";
    const updated = await post(browser, { intent: "update", lineId, quantity: "-3" });
    expect(cartOf(updated.body)?.lines[0]?.quantity).toBe(1);
    const removed = await post(browser, { intent: "remove", lineId });
    expect(cartOf(removed.body)?.lines).toEqual([]);
    // Removing it again (another tab got there first) is no error.
    const again = await post(browser, { intent: "remove", lineId });
    expect(again.status).toBe(200);
    expect(cartOf(again.body)?.lines).toEqual([]);
  });

  it("finds a signed-in customer's cart empty once their session has ended (product §4)", async () => {
    const browser = new Browser();
    browser.cookies.set(SESSION_COOKIE, "signed-session");
    const added = await post(browser, { intent: "add", merchandiseId: PUMP, quantity: "2" });
    const lineId = cartOf(added.body)?.lines[0]?.id ?? "";
    const cartCookie = browser.cookies.get("lagoon_cart") ?? "";
    browser.cookies.delete(SESSION_COOKIE);

    const removed = await post(browser, { intent: "remove", lineId });
    expect(removed).toMatchObject({ status: 200, body: { ok: true, cart: null } });
    expect(browser.cookies.has("lagoon_cart")).toBe(false);
    // A change sent before the browser forgot the cookie.
    browser.cookies.set("lagoon_cart", cartCookie);
    const updated = await post(browser, { intent: "update", lineId, quantity: "3" });
    expect(updated).toMatchObject({ status: 200, body: { ok: true, cart: null } });
    expect(browser.cookies.has("lagoon_cart")).toBe(false);
  });

  it("applies a +/- press on top of another tab's change (no update is lost)", async () => {
    const tabA = new Browser();
    const added = await post(tabA, { intent: "add", merchandiseId: PUMP, quantity: "1" });
    const lineId = cartOf(added.body)?.lines[0]?.id ?? "";
    const tabB = new Browser();
    tabB.cookies = new Map(tabA.cookies);
    // Tab B adds 2 more; tab A, still showing 1, presses +.
    await post(tabB, { intent: "add", merchandiseId: PUMP, quantity: "2" });
    const pressed = await post(tabA, { intent: "update", lineId, quantity: "2", from: "1" });
    expect(cartOf(pressed.body)?.lines[0]?.quantity).toBe(4);
  });

  it("refuses a +/- press that would take a line beyond 32 bits (400), and a nonsense one", async () => {
    const browser = new Browser();
    const added = await post(browser, { intent: "add", merchandiseId: PUMP, quantity: "2" });
    const lineId = cartOf(added.body)?.lines[0]?.id ?? "";
    const beyond = { intent: "update", lineId, quantity: "2147483647", from: "1" };
    expect(await post(browser, beyond)).toMatchObject({
      status: 400,
      body: { ok: false, error: CART_ERRORS.update },
    });
    for (const from of ["", "-1", "1.5", "2147483648"]) {
      expect(await post(browser, { intent: "update", lineId, quantity: "3", from })).toMatchObject({
        status: 400,
        body: { error: CART_ERRORS.update },
      });
    }
    const layout = await loadCartForLayout(browser.request(), services());
    expect(layout.data.cart?.totalQuantity).toBe(2);
  });

  it("answers 503 with product §8's message when the cart stays busy with other changes", async () => {
    const browser = new Browser();
    const added = await post(browser, { intent: "add", merchandiseId: PUMP, quantity: "1" });
    const lineId = cartOf(added.body)?.lines[0]?.id ?? "";
    const busy = {
      ...services(),
      cartLocks: { withCart: () => Promise.reject(new CartBusyError("busy")) },
    };
    const update = await post(
      browser,
      { intent: "update", lineId, quantity: "2", from: "1" },
      { services: busy },
    );
    expect(update).toMatchObject({
      status: 503,
      body: { ok: false, error: "Failed to update cart line item" },
    });
    const add = await post(
      browser,
      { intent: "add", merchandiseId: PUMP, quantity: "1" },
      { services: busy },
    );
    expect(add).toMatchObject({ status: 503, body: { error: "Failed to add variant to cart" } });
  });

  it("adds a double-submitted form once", async () => {
    const browser = new Browser();
    const shared = services();
    await post(
      browser,
      { intent: "add", merchandiseId: PUMP, quantity: "1" },
      { services: shared },
    );
    const form = { intent: "add", merchandiseId: PUMP, quantity: "2", formKey: "page-1" };
    const [first, second] = await Promise.all([
      post(browser, form, { services: shared }),
      post(browser, form, { services: shared }),
    ]);
    expect(cartOf(first.body)?.totalQuantity).toBe(3);
    expect(cartOf(second.body)?.totalQuantity).toBe(3);
    const next = await post(browser, { ...form, formKey: "page-2" }, { services: shared });
    expect(cartOf(next.body)?.totalQuantity).toBe(5);
  });

  it("answers a re-sent +1 with the cart as the first left it, and applies it once", async () => {
    const browser = new Browser();
    const added = await post(browser, { intent: "add", merchandiseId: PUMP, quantity: "1" });
    const lineId = cartOf(added.body)?.lines[0]?.id ?? "";
    const press = { intent: "update", lineId, quantity: "2", from: "1", formKey: "press-a" };
    // Two app contexts (two processes' caches) on one database.
    const first = await post(browser, press, { services: services() });
    const again = await post(browser, press, { services: services() });
    expect(first).toMatchObject({ status: 200, body: { ok: true } });
    expect(again).toEqual(first);
    expect(cartOf(again.body)?.totalQuantity).toBe(2);
    // The same press again later (+, −, +) is a new change with a key of its own.
    const next = await post(browser, { ...press, formKey: "press-b" });
    expect(cartOf(next.body)?.totalQuantity).toBe(3);
  });

  it("answers a userError's message with 422 and leaves the cart as it was", async () => {
    const browser = new Browser();
    await post(browser, { intent: "add", merchandiseId: LOW_STOCK_TESTER, quantity: "1" });
    const refused = await post(browser, {
      intent: "add",
      merchandiseId: LOW_STOCK_TESTER,
      quantity: "1",
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      ok: false,
      error: "You can only add 1 of LaMotte ColorQ Pro 7 Digital Tester to your cart.",
    });
    const layout = await loadCartForLayout(browser.request(), services());
    expect(layout.data.cart?.totalQuantity).toBe(1);
  });

  it("answers bad input with 400 and product §8's message", async () => {
    const browser = new Browser();
    const bad = await post(browser, { intent: "add", merchandiseId: "not-a-variant" });
    expect(bad).toMatchObject({ status: 400, body: { ok: false, error: CART_ERRORS.add } });
    const noCart = await post(browser, {
      intent: "update",
      lineId: "gid://shopify/CartLine/x",
      quantity: "2",
    });
    expect(noCart).toMatchObject({ status: 400, body: { error: CART_ERRORS.update } });
    const nonsense = await post(browser, {
      intent: "update",
      lineId: "gid://shopify/CartLine/x",
      quantity: "lots",
    });
    expect(nonsense).toMatchObject({ status: 400, body: { error: CART_ERRORS.update } });
    const unknown = await post(browser, { intent: "explode" });
    expect(unknown.status).toBe(400);
  });

  it("answers a failing Storefront API with product §8's message and a 503", async () => {
    const browser = new Browser();
    const added = await post(browser, { intent: "add", merchandiseId: PUMP, quantity: "1" });
    const lineId = cartOf(added.body)?.lines[0]?.id ?? "";
    const failing = services({ fault: "status:500" });
    const update = await post(
      browser,
      { intent: "update", lineId, quantity: "2" },
      { services: failing },
    );
    expect(update).toMatchObject({
      status: 503,
      body: { ok: false, error: "Failed to update cart line item" },
    });
    const remove = await post(browser, { intent: "remove", lineId }, { services: failing });
    expect(remove.body).toMatchObject({ error: "Failed to remove cart line item" });
    expect(warnings).toContain("cart update failed");
  });

  it("asks a course for one valid participant per seat and stores them on the line", async () => {
    const browser = new Browser();
    const course = { intent: "add", merchandiseId: ONLINE_COURSE, quantity: "2" };
    const missing = await post(browser, {
      ...course,
      "participant-1-name": "Ava Nguyen",
      "participant-1-email": "ava@example",
      "participant-1-phone": "0400 000 001",
    });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({
      ok: false,
      error: "Enter a valid email for participant 1",
      fieldErrors: {
        "participant-1-email": "Enter a valid email for participant 1",
        "participant-2-name": "Enter the name of participant 2",
        "participant-2-email": "Enter a valid email for participant 2",
        "participant-2-phone": "Enter a valid phone number for participant 2",
      },
    });

    const added = await post(browser, {
      ...course,
      "participant-1-name": "Ava Nguyen",
      "participant-1-email": "ava@example.com",
      "participant-1-phone": "0400 000 001",
      "participant-2-name": "Ben Carter",
      "participant-2-email": "ben@example.com",
      "participant-2-phone": "+61 7 5555 0100",
    });
    const [line] = cartOf(added.body)?.lines ?? [];
    expect(line?.quantity).toBe(2);
    expect(line?.attributes).toEqual([
      { key: "Participant 1 Name", value: "Ava Nguyen" },
      { key: "Participant 1 Email", value: "ava@example.com" },
      { key: "Participant 1 Phone", value: "0400 000 001" },
      { key: "Participant 2 Name", value: "Ben Carter" },
      { key: "Participant 2 Email", value: "ben@example.com" },
      { key: "Participant 2 Phone", value: "+61 7 5555 0100" },
    ]);
  });

  it("brings a change posted without JavaScript back to a page that shows the drawer open, once", async () => {
    const browser = new Browser();
    await post(
      browser,
      { intent: "add", merchandiseId: PUMP, quantity: "1", redirectTo: "/store/products/p" },
      { navigate: true },
    );
    const first = await loadCartForLayout(browser.request(), services());
    expect(first.data.openDrawer).toBe(true);
    browser.keep(first.headers.getSetCookie());
    expect((await loadCartForLayout(browser.request(), services())).data.openDrawer).toBe(false);

    // A fetcher's change (the page already shows its drawer) sets nothing.
    await post(browser, { intent: "add", merchandiseId: PUMP, quantity: "1" });
    expect((await loadCartForLayout(browser.request(), services())).data.openDrawer).toBe(false);
  });

  it("redirects a form posted without JavaScript back, with a notice on failure", async () => {
    const browser = new Browser();
    const added = await post(
      browser,
      { intent: "add", merchandiseId: PUMP, quantity: "1", redirectTo: "/store/products/p" },
      { navigate: true },
    );
    expect(added).toMatchObject({ status: 303, location: "/store/products/p" });
    expect(browser.cookies.has("lagoon_cart")).toBe(true);

    const refused = await post(
      browser,
      { intent: "add", merchandiseId: PUMP, quantity: "99" },
      { navigate: true },
    );
    expect(refused).toMatchObject({ status: 303, location: "/store/x" });
    const layout = await loadCartForLayout(browser.request(), services());
    expect(layout.data.notice).toEqual({
      title: "You can only add 14 of Davey SilensorPro SLS Pool Pump (0.75 kW) to your cart.",
      kind: "error",
    });
    expect(layout.data.cart?.totalQuantity).toBe(1);
    // Shown once: the layout clears it.
    expect(layout.headers.getSetCookie().some((c) => /^lagoon_cart_notice=;/.test(c))).toBe(true);
    expect(
      await post(
        browser,
        { redirectTo: "//evil.example", intent: "update", lineId: "x", quantity: "1" },
        { navigate: true },
      ),
    ).toMatchObject({ status: 303, location: "/store/x" });
  });

  it.each([
    "/\\evil.example",
    "//evil.example",
    "https://evil.example",
    "/%5Cevil.example",
    "/\t/evil.example",
    "javascript:alert(1)",
    "",
  ])("sends a form back to the shop's own pages, whatever its redirectTo (%j)", async (target) => {
    for (const navigate of [true, false]) {
      const sent = { intent: "add", merchandiseId: PUMP, quantity: "1", redirectTo: target };
      const answer = await post(new Browser(), sent, { navigate });
      expect(answer.status).toBe(303);
      expect(new URL(answer.location ?? "", "https://shop.example").origin).toBe(
        "https://shop.example",
      );
    }
  });

  it("hands over to checkoutUrl, refuses an empty cart, and asks an unverifiable session to sign in", async () => {
    const browser = new Browser();
    const empty = await post(browser, { intent: "checkout" });
    expect(empty).toMatchObject({
      status: 409,
      body: { ok: false, error: "Empty Cart: Your cart is empty!" },
    });

    await post(browser, { intent: "add", merchandiseId: PUMP, quantity: "1" });
    const anonymous = await post(browser, { intent: "checkout" });
    expect(anonymous.status).toBe(303);
    expect(anonymous.location).toMatch(
      new RegExp(`^${emulator.origin}${MOUNT}/cart/c/[\\w-]+\\?key=[\\w-]+$`),
    );

    // Signed-in checkout (logged_in=true, commercial rules) needs real tokens: see
    // checkout-rules.server.test.ts.
    // product §4: a session that cannot be verified (expired, nothing to refresh it with) must
    // sign in again before checkout; the cart is kept.
    const { setCookie } = await createSession(
      services(),
      {
        accessToken: "a.b.c",
        accessTokenExpiresAt: Date.now() - 1,
        refreshToken: undefined,
        idToken: undefined,
      },
      "gid://shopify/Customer/1",
    );
    browser.keep([setCookie]);
    const expired = await post(browser, { intent: "checkout" });
    expect(expired).toMatchObject({
      status: 401,
      body: {
        ok: false,
        error: "For your security, please log in again to continue.",
        reauthenticate: true,
      },
    });
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(true);
  });
});
