import { describe, expect, it } from "vitest";
import {
  LOW_STOCK_TESTER,
  MOUNT,
  PUMP,
  startStorefrontEmulator,
} from "../../../tests/support/cart-emulator";
import { CART_ERRORS, CartUserError, createCartApi, StorefrontError } from "./cart.server";

// The Storefront API's cart through the production client, over real HTTP, against the
// storefront emulator.

const { storefront } = startStorefrontEmulator();

describe("the cart API (createCartApi)", () => {
  it("creates, adds, updates, removes and reads a cart", async () => {
    const api = createCartApi(storefront());
    const id = await api.create();
    const added = await api.addLines(id, [{ merchandiseId: PUMP, quantity: 2 }]);
    expect(added.totalQuantity).toBe(2);
    expect(added.checkoutUrl).toContain(`${MOUNT}/cart/c/`);
    const [line] = added.lines;
    expect(line).toMatchObject({
      quantity: 2,
      productTitle: "Davey SilensorPro SLS Pool Pump",
      variantTitle: "0.75 kW",
      sku: expect.any(String),
      productPrice: { amount: "1099.00", currencyCode: "AUD" },
      lineTotal: { amount: "2198.00", currencyCode: "AUD" },
    });
    expect(line?.productImage?.url).toMatch(/^http/);
    if (!line) return;
    expect((await api.updateLines(id, [{ id: line.id, quantity: 3 }])).totalQuantity).toBe(3);
    expect((await api.get(id))?.cost.subtotalAmount.amount).toBe("3297.00");
    expect((await api.removeLines(id, [line.id])).lines).toEqual([]);
    expect(await api.get("gid://shopify/Cart/gone?key=gone")).toBeNull();
  });

  it("surfaces the first userError's message", async () => {
    const api = createCartApi(storefront());
    const id = await api.create();
    const error = await api
      .addLines(id, [{ merchandiseId: LOW_STOCK_TESTER, quantity: 3 }])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CartUserError);
    expect((error as CartUserError).message).toBe(
      "You can only add 1 of LaMotte ColorQ Pro 7 Digital Tester to your cart.",
    );
  });

  it("answers product §8's message when the Storefront API fails", async () => {
    const api = createCartApi(storefront("status:500"));
    const cases = [
      [() => api.create(), CART_ERRORS.create],
      [() => api.addLines("gid://shopify/Cart/a?key=b", []), CART_ERRORS.add],
      [() => api.updateLines("gid://shopify/Cart/a?key=b", []), CART_ERRORS.update],
      [() => api.removeLines("gid://shopify/Cart/a?key=b", []), CART_ERRORS.remove],
    ] as const;
    for (const [call, message] of cases) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StorefrontError);
      expect((error as StorefrontError).message).toBe(message);
      expect((error as StorefrontError).status).toBe(503);
    }
  });
});
