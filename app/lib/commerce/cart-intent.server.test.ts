import { describe, expect, it } from "vitest";
import {
  BadCartRequest,
  IntentSchema,
  MAX_QUANTITY,
  MESSAGE_FOR_INTENT,
} from "./cart-intent.server";

// What /api/cart reads from a form post (product §5: quantities are whole numbers, at least 1,
// lower values become 1; not a number at all is bad input). cart-action.server.test.ts posts the
// same forms through the whole action.

const PUMP = "gid://shopify/ProductVariant/47100001";
const LINE = "gid://shopify/CartLine/abc-1?cart=xyz";

const parse = (fields: Record<string, string>) => IntentSchema.safeParse(fields);
const quantityOf = (fields: Record<string, string>) => {
  const result = parse(fields);
  return result.success && "quantity" in result.data ? result.data.quantity : "refused";
};

describe("the cart's intents", () => {
  it("reads an add, with 1 when no quantity is given", () => {
    expect(parse({ intent: "add", merchandiseId: PUMP })).toEqual({
      success: true,
      data: { intent: "add", merchandiseId: PUMP, quantity: 1 },
    });
    expect(
      parse({ intent: "add", merchandiseId: PUMP, quantity: "3", formKey: "k1" }).data,
    ).toEqual({ intent: "add", merchandiseId: PUMP, quantity: 3, formKey: "k1" });
  });

  it("reads a quantity of whole digits, spaces around allowed, lower values as 1", () => {
    const add = (quantity: string) => quantityOf({ intent: "add", merchandiseId: PUMP, quantity });
    expect(add("7")).toBe(7);
    expect(add(" 12 ")).toBe(12);
    expect(add("0")).toBe(1);
    expect(add("-3")).toBe(1);
    expect(add("0007")).toBe(7);
    expect(add("1234567890")).toBe(1_234_567_890);
  });

  it.each(["", "many", "2.5", "1e3", "+2", "--1", "12345678901", "3 4", "0x10"])(
    "refuses %j as a quantity",
    (quantity) => {
      expect(quantityOf({ intent: "add", merchandiseId: PUMP, quantity })).toBe("refused");
      expect(quantityOf({ intent: "update", lineId: LINE, quantity })).toBe("refused");
    },
  );

  it("takes the largest 32-bit quantity and refuses one more", () => {
    expect(MAX_QUANTITY).toBe(2 ** 31 - 1);
    const add = (quantity: string) => quantityOf({ intent: "add", merchandiseId: PUMP, quantity });
    expect(add("2147483647")).toBe(2_147_483_647);
    expect(add("2147483648")).toBe("refused");
    const from = (value: string) =>
      parse({ intent: "update", lineId: LINE, quantity: "2", from: value }).success;
    expect(from("2147483647")).toBe(true);
    expect(from("2147483648")).toBe(false);
  });

  it("reads an update with the quantity the shopper saw, as a number", () => {
    expect(parse({ intent: "update", lineId: LINE, quantity: "4", from: " 3 " }).data).toEqual({
      intent: "update",
      lineId: LINE,
      quantity: 4,
      from: 3,
    });
    expect(parse({ intent: "update", lineId: LINE, quantity: "4" }).data).toEqual({
      intent: "update",
      lineId: LINE,
      quantity: 4,
    });
  });

  it.each(["-1", "", "x", "1.5", "12345678901"])("refuses %j as the quantity shown", (from) => {
    expect(parse({ intent: "update", lineId: LINE, quantity: "2", from }).success).toBe(false);
  });

  it("needs an update's quantity", () => {
    expect(parse({ intent: "update", lineId: LINE }).success).toBe(false);
  });

  it("takes only the platform's own ids", () => {
    for (const merchandiseId of [
      "gid://shopify/ProductVariant/",
      "gid://shopify/ProductVariant/12a",
      "xgid://shopify/ProductVariant/1",
      "gid://shopify/Product/1",
      "gid://shopify/ProductVariant/1 ",
    ]) {
      expect(parse({ intent: "add", merchandiseId }).success, merchandiseId).toBe(false);
    }
    for (const lineId of [
      "gid://shopify/CartLine/",
      "gid://shopify/CartLine/a b",
      "xgid://shopify/CartLine/1",
      "gid://shopify/ProductVariant/1",
    ]) {
      expect(parse({ intent: "remove", lineId }).success, lineId).toBe(false);
    }
    expect(parse({ intent: "remove", lineId: LINE }).data).toEqual({
      intent: "remove",
      lineId: LINE,
    });
  });

  it("keeps a form key to 100 characters", () => {
    const add = (formKey: string) => parse({ intent: "add", merchandiseId: PUMP, formKey }).success;
    expect(add("k".repeat(100))).toBe(true);
    expect(add("k".repeat(101))).toBe(false);
  });

  it("reads a checkout, and refuses an intent it does not know", () => {
    expect(parse({ intent: "checkout" }).data).toEqual({ intent: "checkout" });
    expect(parse({ intent: "empty" }).success).toBe(false);
    expect(parse({}).success).toBe(false);
  });

  it("answers each intent's failure with product §8's message", () => {
    expect(MESSAGE_FOR_INTENT).toEqual({
      add: "Failed to add variant to cart",
      update: "Failed to update cart line item",
      remove: "Failed to remove cart line item",
      checkout: "Failed to start checkout",
    });
  });

  it("makes a bad request a 400 unless told otherwise", () => {
    const plain = new BadCartRequest("Failed to add variant to cart");
    expect(plain.status).toBe(400);
    expect(plain.message).toBe("Failed to add variant to cart");
    expect(new BadCartRequest("x", { first: "Required" }, 422)).toMatchObject({
      status: 422,
      fieldErrors: { first: "Required" },
    });
  });
});
