import { describe, expect, it } from "vitest";
import { cartLine } from "../../../tests/support/cart-fixtures";
import {
  type Cart,
  canDecrease,
  clampCartQuantity,
  formatCartMoney,
  isCourseProduct,
  multiplyMoney,
  showsQuantityControls,
  sumMoney,
  toCartView,
  totalQuantity,
  visibleOptions,
} from "./cart";

describe("clampCartQuantity (product §5)", () => {
  it("keeps whole numbers of 1 or more", () => {
    expect(clampCartQuantity(1)).toBe(1);
    expect(clampCartQuantity(7)).toBe(7);
    expect(clampCartQuantity("12")).toBe(12);
  });

  it("turns lower values into 1", () => {
    expect(clampCartQuantity(0)).toBe(1);
    expect(clampCartQuantity("0")).toBe(1);
    expect(clampCartQuantity(-3)).toBe(1);
    expect(clampCartQuantity("-3")).toBe(1);
  });

  it("drops fractions and reads what is not a number as 1", () => {
    expect(clampCartQuantity(2.7)).toBe(2);
    expect(clampCartQuantity(" 4 ")).toBe(4);
    expect(clampCartQuantity("")).toBe(1);
    expect(clampCartQuantity("many")).toBe(1);
    expect(clampCartQuantity(Number.NaN)).toBe(1);
  });
});

describe("canDecrease (product §5)", () => {
  it("is disabled at 1 or less", () => {
    expect(canDecrease(2)).toBe(true);
    expect(canDecrease(1)).toBe(false);
    expect(canDecrease(0)).toBe(false);
  });
});

describe("isCourseProduct (product §5)", () => {
  const product = { productType: "Pump", tags: ["pump"], title: "Davey SilensorPro" };

  it("knows online and local courses by type", () => {
    expect(isCourseProduct({ ...product, productType: "Online Course" })).toBe(true);
    expect(isCourseProduct({ ...product, productType: "Local Course" })).toBe(true);
    expect(isCourseProduct({ ...product, productType: " local course " })).toBe(true);
  });

  it("knows a course by its tag or by 'course' in its title", () => {
    expect(isCourseProduct({ ...product, tags: ["Course", "online"] })).toBe(true);
    expect(isCourseProduct({ ...product, title: "Spa Maintenance Course" })).toBe(true);
    expect(isCourseProduct({ ...product, title: "Pool operator COURSE (online)" })).toBe(true);
  });

  it("leaves every other product alone", () => {
    expect(isCourseProduct(product)).toBe(false);
    expect(isCourseProduct({ ...product, productType: "commercial", tags: ["courtyard"] })).toBe(
      false,
    );
  });
});

describe("showsQuantityControls (product §5)", () => {
  it("shows them for ordinary lines", () => {
    expect(showsQuantityControls(cartLine())).toBe(true);
  });

  it("hides them for courses", () => {
    expect(showsQuantityControls(cartLine({ productType: "Local Course" }))).toBe(false);
    expect(showsQuantityControls(cartLine({ productTags: ["course"] }))).toBe(false);
    expect(showsQuantityControls(cartLine({ productTitle: "Water chemistry course" }))).toBe(false);
  });

  it("hides them for a line with an option named quantity", () => {
    const line = cartLine({ selectedOptions: [{ name: "Quantity", value: "Pack of 6" }] });
    expect(showsQuantityControls(line)).toBe(false);
    const among = cartLine({
      selectedOptions: [
        { name: "Colour", value: "Blue" },
        { name: " quantity ", value: "Pack of 6" },
      ],
    });
    expect(showsQuantityControls(among)).toBe(false);
  });
});

describe("formatCartMoney (product §9: dollars with 2 decimals)", () => {
  it("shows two decimals, thousands separators and the currency", () => {
    expect(formatCartMoney({ amount: "1249", currencyCode: "AUD" })).toBe("$1,249.00 AUD");
    expect(formatCartMoney({ amount: "19.9", currencyCode: "AUD" })).toBe("$19.90 AUD");
    expect(formatCartMoney({ amount: "0.0", currencyCode: "AUD" })).toBe("$0.00 AUD");
    expect(formatCartMoney({ amount: "5.5", currencyCode: "USD" })).toBe("$5.50 USD");
  });
});

describe("cart arithmetic", () => {
  it("adds money in cents and counts quantities", () => {
    const amounts = [
      { amount: "0.10", currencyCode: "AUD" },
      { amount: "0.20", currencyCode: "AUD" },
    ];
    expect(sumMoney(amounts, "AUD")).toEqual({ amount: "0.30", currencyCode: "AUD" });
    expect(totalQuantity([cartLine({ quantity: 2 }), cartLine({ quantity: 9 })])).toBe(11);
  });

  it("hides Shopify's 'Default Title' option", () => {
    const line = cartLine({ selectedOptions: [{ name: "Title", value: "Default Title" }] });
    expect(visibleOptions(line)).toEqual([]);
    expect(visibleOptions(cartLine())).toEqual([{ name: "Power", value: "0.75 kW" }]);
    // Only that pair: a real option named Title, or valued Default Title, is shown.
    const options = [
      { name: "Title", value: "Large" },
      { name: "Size", value: "Default Title" },
    ];
    expect(visibleOptions(cartLine({ selectedOptions: options }))).toEqual(options);
  });

  it("multiplies a unit price by a quantity in cents", () => {
    expect(multiplyMoney({ amount: "19.99", currencyCode: "AUD" }, 3)).toEqual({
      amount: "59.97",
      currencyCode: "AUD",
    });
    expect(multiplyMoney({ amount: "0.1", currencyCode: "USD" }, 3)).toEqual({
      amount: "0.30",
      currencyCode: "USD",
    });
  });

  it("keeps the cart id and checkout URL out of what the browser gets", () => {
    const cart: Cart = {
      id: "gid://shopify/Cart/abc?key=secret",
      checkoutUrl: "https://shop.example/cart/c/abc?key=secret",
      totalQuantity: 1,
      updatedAt: "2026-01-01T00:00:00.000Z",
      cost: { subtotalAmount: { amount: "1099.00", currencyCode: "AUD" } },
      lines: [cartLine()],
    };
    const view = toCartView(cart);
    expect(view).not.toHaveProperty("id");
    expect(view).not.toHaveProperty("checkoutUrl");
    expect(JSON.stringify(view)).not.toContain("secret");
    expect(view.lines).toEqual(cart.lines);
  });
});
