import { describe, expect, it } from "vitest";
import { cartLine } from "../../../tests/support/cart-fixtures";
import type { CartView } from "./cart";
import {
  applyCartIntents,
  intentFromForm,
  isPendingLine,
  type LinePreview,
  PREVIEW_FIELD,
} from "./cart-optimistic";

const pump = cartLine({ quantity: 2, lineTotal: { amount: "2198.00", currencyCode: "AUD" } });
const cart: CartView = {
  totalQuantity: 2,
  updatedAt: "2026-03-01T00:00:00.000Z",
  cost: { subtotalAmount: { amount: "2198.00", currencyCode: "AUD" } },
  lines: [pump],
};

const coursePreview: LinePreview = {
  productTitle: "Spa Maintenance Basics (Online Course)",
  productHandle: "spa-maintenance-basics-online-course",
  productType: "Online Course",
  productTags: ["course"],
  variantTitle: "Default Title",
  selectedOptions: [{ name: "Title", value: "Default Title" }],
  productPrice: { amount: "89.00", currencyCode: "AUD" },
  productImage: null,
  sku: "CRS-SPA",
};

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("intentFromForm", () => {
  it("reads add, update and remove forms, clamping quantities (product §5)", () => {
    expect(intentFromForm(form({ intent: "update", lineId: pump.id, quantity: "-3" }))).toEqual({
      intent: "update",
      lineId: pump.id,
      quantity: 1,
    });
    expect(intentFromForm(form({ intent: "remove", lineId: pump.id }))).toEqual({
      intent: "remove",
      lineId: pump.id,
    });
    expect(
      intentFromForm(form({ intent: "add", merchandiseId: pump.variantId, quantity: "3" })),
    ).toMatchObject({ intent: "add", quantity: 3, attributes: [], preview: null });
  });

  it("turns a course's participant fields into line attributes", () => {
    const intent = intentFromForm(
      form({
        intent: "add",
        merchandiseId: "gid://shopify/ProductVariant/47100237",
        quantity: "1",
        "participant-1-name": "Ava Nguyen",
        "participant-1-email": "ava@example.com",
        "participant-1-phone": "0400 000 001",
        [PREVIEW_FIELD]: JSON.stringify(coursePreview),
      }),
    );
    expect(intent).toMatchObject({
      attributes: [
        { key: "Participant 1 Name", value: "Ava Nguyen" },
        { key: "Participant 1 Email", value: "ava@example.com" },
        { key: "Participant 1 Phone", value: "0400 000 001" },
      ],
      preview: coursePreview,
    });
  });

  it("ignores checkout and incomplete forms", () => {
    expect(intentFromForm(form({ intent: "checkout" }))).toBeNull();
    expect(intentFromForm(form({ intent: "update" }))).toBeNull();
    expect(intentFromForm(form({ intent: "add", [PREVIEW_FIELD]: "{" }))).toBeNull();
  });
});

describe("applyCartIntents", () => {
  it("is the server's cart when nothing is pending", () => {
    expect(applyCartIntents(cart, [])).toBe(cart);
    expect(applyCartIntents(null, [])).toBeNull();
  });

  it("sets a quantity and recomputes the line total, subtotal and count", () => {
    const next = applyCartIntents(cart, [{ intent: "update", lineId: pump.id, quantity: 5 }]);
    expect(next?.lines[0]).toMatchObject({
      quantity: 5,
      lineTotal: { amount: "5495.00", currencyCode: "AUD" },
    });
    expect(next?.totalQuantity).toBe(5);
    expect(next?.cost.subtotalAmount).toEqual({ amount: "5495.00", currencyCode: "AUD" });
  });

  it("removes a line", () => {
    const next = applyCartIntents(cart, [{ intent: "remove", lineId: pump.id }]);
    expect(next?.lines).toEqual([]);
    expect(next?.totalQuantity).toBe(0);
    expect(next?.cost.subtotalAmount.amount).toBe("0.00");
  });

  it("adds to a line of the same variant and attributes, as the server merges them", () => {
    const next = applyCartIntents(cart, [
      {
        intent: "add",
        merchandiseId: pump.variantId,
        quantity: 1,
        attributes: [],
        preview: null,
      },
    ]);
    expect(next?.lines).toHaveLength(1);
    expect(next?.lines[0]?.quantity).toBe(3);
    expect(next?.totalQuantity).toBe(3);
  });

  it("shows a new line from the form's preview, to a cart that did not exist yet", () => {
    const attributes = [{ key: "Participant 1 Name", value: "Ava Nguyen" }];
    const next = applyCartIntents(null, [
      {
        intent: "add",
        merchandiseId: "gid://shopify/ProductVariant/47100237",
        quantity: 2,
        attributes,
        preview: coursePreview,
      },
    ]);
    const [line] = next?.lines ?? [];
    expect(line).toMatchObject({
      productTitle: "Spa Maintenance Basics (Online Course)",
      quantity: 2,
      attributes,
      lineTotal: { amount: "178.00", currencyCode: "AUD" },
    });
    expect(line && isPendingLine(line)).toBe(true);
    expect(next?.totalQuantity).toBe(2);
    expect(next?.cost.subtotalAmount).toEqual({ amount: "178.00", currencyCode: "AUD" });
  });

  it("applies several pending changes in order", () => {
    const next = applyCartIntents(cart, [
      { intent: "update", lineId: pump.id, quantity: 4 },
      { intent: "add", merchandiseId: pump.variantId, quantity: 6, attributes: [], preview: null },
    ]);
    expect(next?.totalQuantity).toBe(10);
  });
});
