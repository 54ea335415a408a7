import { describe, expect, it } from "vitest";
import { cartLine } from "../../../tests/support/cart-fixtures";
import type { Cart } from "./cart";
import { type CartApi, type CartLineToAdd, CartUserError } from "./cart.server";
import {
  type AppliedChanges,
  addToCart,
  type CartTurn,
  removeLine,
  updateLine,
} from "./cart-changes.server";
import { BadCartRequest, MAX_QUANTITY } from "./cart-intent.server";

// The changes /api/cart makes, one rule at a time, against an in-memory Cart API. The real API
// (cart.server.ts) is checked against the storefront emulator in cart.server.test.ts, and these
// changes through the whole action in cart-action.server.test.ts; these run in milliseconds, so
// every mutant of the cart's rules runs against them (npm run mutate).

const PUMP = "gid://shopify/ProductVariant/47100001";
const COURSE = "gid://shopify/ProductVariant/47100237";
const EARLY = "gid://shopify/ProductVariant/47100300";

const PRODUCTS: Record<string, { title: string; productType: string; tags: string[] }> = {
  [PUMP]: { title: "Davey SilensorPro SLS Pool Pump", productType: "Pump", tags: ["pump"] },
  [COURSE]: { title: "Spa Maintenance Basics", productType: "Local Course", tags: [] },
  [EARLY]: { title: "Zodiac Prototype", productType: "Cleaner", tags: ["vip-early-access"] },
};

const refusal = (field: string[]) => new CartUserError({ message: "refused", code: null, field });

/** Carts in memory, refusing as the Storefront API does: a gone cart, a gone line. */
function memoryCartApi() {
  const carts = new Map<string, Cart>();
  let ids = 0;
  const calls: string[] = [];
  const cartOf = (cartId: string) => {
    const cart = carts.get(cartId);
    if (!cart) throw refusal(["cartId"]);
    return cart;
  };
  const save = (cart: Cart, lines: Cart["lines"]): Cart => {
    const saved = { ...cart, lines, totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0) };
    carts.set(cart.id, saved);
    return saved;
  };
  const api: CartApi = {
    get: async (cartId) => {
      calls.push("get");
      return carts.get(cartId) ?? null;
    },
    create: async () => {
      calls.push("create");
      const id = `gid://shopify/Cart/${++ids}`;
      carts.set(id, {
        id,
        checkoutUrl: `https://checkout.example/${ids}`,
        totalQuantity: 0,
        updatedAt: new Date(0).toISOString(),
        cost: { subtotalAmount: { amount: "0.00", currencyCode: "AUD" } },
        lines: [],
      });
      return id;
    },
    addLines: async (cartId, lines: CartLineToAdd[]) => {
      calls.push("addLines");
      const cart = cartOf(cartId);
      const next = [...cart.lines];
      for (const line of lines) {
        const same = next.findIndex((l) => l.variantId === line.merchandiseId);
        if (same >= 0 && line.attributes?.length === 0) {
          const existing = next[same] as Cart["lines"][number];
          next[same] = { ...existing, quantity: existing.quantity + line.quantity };
        } else {
          next.push(
            cartLine({
              id: `gid://shopify/CartLine/${next.length + 1}`,
              variantId: line.merchandiseId,
              quantity: line.quantity,
              attributes: line.attributes ?? [],
            }),
          );
        }
      }
      return save(cart, next);
    },
    updateLines: async (cartId, lines) => {
      calls.push("updateLines");
      const cart = cartOf(cartId);
      const next = cart.lines.map((l) => ({ ...l }));
      for (const change of lines) {
        const line = next.find((l) => l.id === change.id);
        if (!line) throw refusal(["lines", "0", "id"]);
        line.quantity = change.quantity;
      }
      return save(cart, next);
    },
    removeLines: async (cartId, lineIds) => {
      calls.push("removeLines");
      const cart = cartOf(cartId);
      if (lineIds.some((id) => !cart.lines.some((l) => l.id === id))) throw refusal(["lineIds"]);
      return save(
        cart,
        cart.lines.filter((l) => !lineIds.includes(l.id)),
      );
    },
    merchandise: async (variantId) => {
      const product = PRODUCTS[variantId];
      return product ? { id: variantId, product } : null;
    },
  };
  return { api, carts, calls, drop: (cartId: string) => carts.delete(cartId) };
}

/** The changes applied, kept in memory (the expiring state keeps them in the app). */
function memoryChanges(): AppliedChanges {
  const applied = new Set<string>();
  return {
    applied: async (key) => applied.has(key),
    remember: async (key) => {
      applied.add(key);
    },
  };
}

/** Runs the change in the cart's turn, recording which cart each turn was for. */
function turns(api: CartApi) {
  const taken: string[] = [];
  const inTurn: CartTurn = async (cartId, change) => {
    taken.push(cartId);
    return change(api);
  };
  return { inTurn, taken };
}

const add = (quantity: number, extra: { formKey?: string; merchandiseId?: string } = {}) => ({
  intent: "add" as const,
  merchandiseId: extra.merchandiseId ?? PUMP,
  quantity,
  ...(extra.formKey === undefined ? {} : { formKey: extra.formKey }),
});
const noForm = new FormData();
const notVip = async () => false;

async function rejection(promise: Promise<unknown>): Promise<BadCartRequest> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BadCartRequest);
  return error as BadCartRequest;
}

describe("adding to the cart", () => {
  it("starts a new cart when there is none, outside any cart's turn", async () => {
    const { api } = memoryCartApi();
    const { inTurn, taken } = turns(api);
    const cart = await addToCart(api, inTurn, memoryChanges(), null, add(2), noForm, notVip);
    expect(cart.totalQuantity).toBe(2);
    expect(cart.lines[0]).toMatchObject({ variantId: PUMP, quantity: 2, attributes: [] });
    expect(taken).toEqual([]);
  });

  it("adds to the cart the cookie names, in its turn", async () => {
    const { api } = memoryCartApi();
    const cartId = await api.create();
    const { inTurn, taken } = turns(api);
    const cart = await addToCart(api, inTurn, memoryChanges(), cartId, add(3), noForm, notVip);
    expect(cart.id).toBe(cartId);
    expect(cart.totalQuantity).toBe(3);
    expect(taken).toEqual([cartId]);
  });

  it("starts a new cart when the one the cookie names is gone", async () => {
    const { api, drop } = memoryCartApi();
    const cartId = await api.create();
    drop(cartId);
    const { inTurn } = turns(api);
    const cart = await addToCart(api, inTurn, memoryChanges(), cartId, add(1), noForm, notVip);
    expect(cart.id).not.toBe(cartId);
    expect(cart.totalQuantity).toBe(1);
  });

  it("passes on any other refusal", async () => {
    const { api } = memoryCartApi();
    const cartId = await api.create();
    const inTurn: CartTurn = async () => {
      throw refusal(["lines", "0", "quantity"]);
    };
    const error = await addToCart(api, inTurn, memoryChanges(), cartId, add(1), noForm, notVip)
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CartUserError);
  });

  it("refuses a variant the shop does not sell", async () => {
    const { api, calls } = memoryCartApi();
    const { inTurn } = turns(api);
    const error = await rejection(
      addToCart(
        api,
        inTurn,
        memoryChanges(),
        null,
        add(1, { merchandiseId: "gid://shopify/ProductVariant/1" }),
        noForm,
        notVip,
      ),
    );
    expect(error).toMatchObject({ message: "Failed to add variant to cart", status: 400 });
    expect(calls).toEqual([]);
  });

  it("sells an early-access product to VIPs only (403 for others), asking only then", async () => {
    const { api } = memoryCartApi();
    const { inTurn } = turns(api);
    const early = add(1, { merchandiseId: EARLY });
    const error = await rejection(
      addToCart(api, inTurn, memoryChanges(), null, early, noForm, notVip),
    );
    expect(error).toMatchObject({ message: "Failed to add variant to cart", status: 403 });
    const cart = await addToCart(
      api,
      inTurn,
      memoryChanges(),
      null,
      early,
      noForm,
      async () => true,
    );
    expect(cart.totalQuantity).toBe(1);
    let asked = false;
    await addToCart(api, inTurn, memoryChanges(), null, add(1), noForm, async () => {
      asked = true;
      return false;
    });
    expect(asked).toBe(false);
  });

  it("keeps a course's participants on its line, one per seat", async () => {
    const { api } = memoryCartApi();
    const { inTurn } = turns(api);
    const form = new FormData();
    for (const n of [1, 2]) {
      form.set(`participant-${n}-name`, `Swimmer ${n}`);
      form.set(`participant-${n}-email`, `swimmer${n}@example.com`);
      form.set(`participant-${n}-phone`, "0400 000 000");
    }
    const course = add(2, { merchandiseId: COURSE });
    const cart = await addToCart(api, inTurn, memoryChanges(), null, course, form, notVip);
    const attributes = cart.lines[0]?.attributes ?? [];
    expect(attributes).toHaveLength(6);
    expect(attributes.map((a) => a.value)).toEqual(
      expect.arrayContaining(["Swimmer 1", "swimmer2@example.com"]),
    );
  });

  it("answers a course's missing participant with its field's message (422)", async () => {
    const { api } = memoryCartApi();
    const { inTurn } = turns(api);
    const form = new FormData();
    form.set("participant-1-name", "Swimmer 1");
    form.set("participant-1-email", "swimmer1@example.com");
    form.set("participant-1-phone", "0400 000 000");
    const course = add(2, { merchandiseId: COURSE });
    const error = await rejection(
      addToCart(api, inTurn, memoryChanges(), null, course, form, notVip),
    );
    expect(error.status).toBe(422);
    expect(error.message).toBe("Enter the name of participant 2");
    expect(error.fieldErrors).toMatchObject({
      "participant-2-name": "Enter the name of participant 2",
    });
  });

  it("admits at most 20 seats of a course in one add", async () => {
    const { api } = memoryCartApi();
    const { inTurn } = turns(api);
    const form = new FormData();
    for (let n = 1; n <= 21; n++) {
      form.set(`participant-${n}-name`, `Swimmer ${n}`);
      form.set(`participant-${n}-email`, `swimmer${n}@example.com`);
      form.set(`participant-${n}-phone`, "0400 000 000");
    }
    const twenty = add(20, { merchandiseId: COURSE });
    const cart = await addToCart(api, inTurn, memoryChanges(), null, twenty, form, notVip);
    expect(cart.totalQuantity).toBe(20);
    const error = await rejection(
      addToCart(
        api,
        inTurn,
        memoryChanges(),
        null,
        add(21, { merchandiseId: COURSE }),
        form,
        notVip,
      ),
    );
    expect(error).toMatchObject({ message: "Failed to add variant to cart", status: 400 });
  });

  it("adds a double-submitted form once, and answers the second with the cart as it is", async () => {
    const { api } = memoryCartApi();
    const cartId = await api.create();
    const { inTurn } = turns(api);
    const cache = memoryChanges();
    const first = await addToCart(
      api,
      inTurn,
      cache,
      cartId,
      add(2, { formKey: "k1" }),
      noForm,
      notVip,
    );
    const second = await addToCart(
      api,
      inTurn,
      cache,
      cartId,
      add(2, { formKey: "k1" }),
      noForm,
      notVip,
    );
    expect(first.totalQuantity).toBe(2);
    expect(second.totalQuantity).toBe(2);
    // Another form, or another quantity, is another add.
    await addToCart(api, inTurn, cache, cartId, add(2, { formKey: "k2" }), noForm, notVip);
    const third = await addToCart(
      api,
      inTurn,
      cache,
      cartId,
      add(1, { formKey: "k1" }),
      noForm,
      notVip,
    );
    expect(third.totalQuantity).toBe(5);
  });

  it("keeps form keys of different carts apart, and adds without a key every time", async () => {
    const { api } = memoryCartApi();
    const one = await api.create();
    const two = await api.create();
    const { inTurn } = turns(api);
    const cache = memoryChanges();
    await addToCart(api, inTurn, cache, one, add(1, { formKey: "k" }), noForm, notVip);
    const other = await addToCart(
      api,
      inTurn,
      cache,
      two,
      add(1, { formKey: "k" }),
      noForm,
      notVip,
    );
    expect(other.totalQuantity).toBe(1);
    await addToCart(api, inTurn, cache, one, add(1), noForm, notVip);
    const again = await addToCart(api, inTurn, cache, one, add(1), noForm, notVip);
    expect(again.totalQuantity).toBe(3);
  });

  it("adds a keyed form to a new cart without remembering the key", async () => {
    const { api } = memoryCartApi();
    const { inTurn } = turns(api);
    const cache = memoryChanges();
    const first = await addToCart(
      api,
      inTurn,
      cache,
      null,
      add(1, { formKey: "k" }),
      noForm,
      notVip,
    );
    const second = await addToCart(
      api,
      inTurn,
      cache,
      null,
      add(1, { formKey: "k" }),
      noForm,
      notVip,
    );
    expect(second.id).not.toBe(first.id);
    expect(second.totalQuantity).toBe(1);
  });
});

describe("changing a line's quantity", () => {
  async function cartWithLine(quantity: number) {
    const fake = memoryCartApi();
    const cartId = await fake.api.create();
    const cart = await fake.api.addLines(cartId, [
      { merchandiseId: PUMP, quantity, attributes: [] },
    ]);
    return { ...fake, cartId, lineId: cart.lines[0]?.id ?? "" };
  }
  const update = (lineId: string, quantity: number, from?: number) => ({
    intent: "update" as const,
    lineId,
    quantity,
    ...(from === undefined ? {} : { from }),
  });

  it("sets a typed quantity as it is", async () => {
    const { api, cartId, lineId } = await cartWithLine(5);
    const cart = await updateLine(api, cartId, update(lineId, 2));
    expect(cart?.lines[0]?.quantity).toBe(2);
  });

  it("applies a +/- press to what the line holds now, not to what the shopper saw", async () => {
    const { api, cartId, lineId } = await cartWithLine(5);
    // The shopper saw 3 and pressed +1; another tab had made it 5 meanwhile.
    expect((await updateLine(api, cartId, update(lineId, 4, 3)))?.lines[0]?.quantity).toBe(6);
    expect((await updateLine(api, cartId, update(lineId, 2, 3)))?.lines[0]?.quantity).toBe(5);
  });

  it("never takes a line below 1 with presses", async () => {
    const { api, cartId, lineId } = await cartWithLine(2);
    expect((await updateLine(api, cartId, update(lineId, 1, 5)))?.lines[0]?.quantity).toBe(1);
  });

  it("refuses presses that would take a line past 32 bits", async () => {
    const { api, cartId, lineId } = await cartWithLine(MAX_QUANTITY - 1);
    expect((await updateLine(api, cartId, update(lineId, 2, 1)))?.lines[0]?.quantity).toBe(
      MAX_QUANTITY,
    );
    const error = await rejection(updateLine(api, cartId, update(lineId, 2, 1)));
    expect(error).toMatchObject({ message: "Failed to update cart line item", status: 400 });
  });

  it("answers the cart as it is when the line or the cart is gone", async () => {
    const { api, cartId, drop, calls } = await cartWithLine(2);
    const gone = "gid://shopify/CartLine/99";
    const pressed = await updateLine(api, cartId, update(gone, 3, 2));
    expect(pressed?.id).toBe(cartId);
    expect(pressed?.lines[0]?.quantity).toBe(2);
    expect(calls).not.toContain("updateLines");
    const typed = await updateLine(api, cartId, update(gone, 3));
    expect(typed?.lines[0]?.quantity).toBe(2);
    drop(cartId);
    expect(await updateLine(api, cartId, update(gone, 3, 2))).toBeNull();
  });

  it("passes on a refusal that is not about a gone line", async () => {
    const { api, cartId, lineId, drop } = await cartWithLine(2);
    drop(cartId);
    const error = await updateLine(api, cartId, update(lineId, 3))
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CartUserError);
  });
});

describe("removing a line", () => {
  it("removes it, and answers the cart as it is when it was removed already", async () => {
    const { api } = memoryCartApi();
    const cartId = await api.create();
    const cart = await api.addLines(cartId, [{ merchandiseId: PUMP, quantity: 2, attributes: [] }]);
    const lineId = cart.lines[0]?.id ?? "";
    expect((await removeLine(api, cartId, lineId))?.lines).toEqual([]);
    const again = await removeLine(api, cartId, lineId);
    expect(again?.id).toBe(cartId);
    expect(again?.lines).toEqual([]);
  });

  it("passes on a refusal that is not about a gone line", async () => {
    const { api, drop } = memoryCartApi();
    const cartId = await api.create();
    drop(cartId);
    const error = await removeLine(api, cartId, "gid://shopify/CartLine/1")
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CartUserError);
  });
});
