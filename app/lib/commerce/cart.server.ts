import type { Cart, CartAttribute } from "./cart";
import { reshapeCart } from "./cart-reshape";
import {
  CART_CREATE_MUTATION,
  CART_LINES_ADD_MUTATION,
  CART_LINES_REMOVE_MUTATION,
  CART_LINES_UPDATE_MUTATION,
  CART_MERCHANDISE_QUERY,
  CART_QUERY,
} from "./operations/cart";
import { failingWith, type StorefrontClient, StorefrontError } from "./storefront.server";
import type { CartProblemFragment } from "./storefront-types.generated";

export { StorefrontError } from "./storefront.server";

// The Storefront API's cart: create, read, change lines, look up a variant's product.

// product §8's store messages, word for word; it names none for reading the cart.
export const CART_ERRORS = {
  create: "Failed to create cart",
  add: "Failed to add variant to cart",
  remove: "Failed to remove cart line item",
  update: "Failed to update cart line item",
  fetch: "Failed to fetch cart",
} as const;

/** The Storefront API refused a cart change: `message` is its first userError's. */
export class CartUserError extends Error {
  override readonly name = "CartUserError";
  readonly status = 422;
  readonly code: string | null;
  readonly field: string[] | null;

  constructor(problem: CartProblemFragment) {
    super(problem.message);
    this.code = problem.code;
    this.field = problem.field;
  }

  /** The cart id itself was refused: the cart is gone (completed, expired, or never was). */
  get cartIsGone(): boolean {
    return this.field?.[0] === "cartId";
  }

  /** A line id was refused: another tab (or the checkout) already removed it. */
  get lineIsGone(): boolean {
    return this.field?.[0] === "lineIds" || (this.field?.[0] === "lines" && this.field[2] === "id");
  }
}

export interface CartLineToAdd {
  merchandiseId: string;
  quantity: number;
  attributes?: CartAttribute[];
}

export interface CartMerchandise {
  id: string;
  product: { title: string; productType: string; tags: string[] };
}

export interface CartApi {
  /** The cart, or null when it is gone (completed at checkout, expired, unknown). */
  get(cartId: string): Promise<Cart | null>;
  /** A new empty cart's id. */
  create(): Promise<string>;
  addLines(cartId: string, lines: CartLineToAdd[]): Promise<Cart>;
  updateLines(cartId: string, lines: { id: string; quantity: number }[]): Promise<Cart>;
  removeLines(cartId: string, lineIds: string[]): Promise<Cart>;
  /** The product behind a variant (to tell a course), or null for an unknown id. */
  merchandise(variantId: string): Promise<CartMerchandise | null>;
}

// A variant's product changes rarely; a minute keeps course checks off the hot path.
const MERCHANDISE_CACHE = { ttlSeconds: 60, swrSeconds: 300 };

/** A mutation's cart, or its first userError, or product §8's message when it answered neither. */
function cartFrom(
  payload: {
    cart: Parameters<typeof reshapeCart>[0] | null;
    userErrors: CartProblemFragment[];
  } | null,
  message: string,
): Cart {
  const [problem] = payload?.userErrors ?? [];
  if (problem) throw new CartUserError(problem);
  if (!payload?.cart) throw new StorefrontError(message, { status: 502 });
  return reshapeCart(payload.cart);
}

export function createCartApi(storefront: StorefrontClient): CartApi {
  return {
    get: (cartId) =>
      failingWith(CART_ERRORS.fetch, async () => {
        const data = await storefront.query(CART_QUERY, {
          variables: { cartId },
          cache: "no-store",
        });
        return data.cart ? reshapeCart(data.cart) : null;
      }),

    create: () =>
      failingWith(CART_ERRORS.create, async () => {
        const data = await storefront.mutate(CART_CREATE_MUTATION, { variables: { input: {} } });
        const [problem] = data.cartCreate?.userErrors ?? [];
        if (problem) throw new CartUserError(problem);
        const id = data.cartCreate?.cart?.id;
        if (!id) throw new StorefrontError(CART_ERRORS.create, { status: 502 });
        return id;
      }),

    addLines: (cartId, lines) =>
      failingWith(CART_ERRORS.add, async () => {
        const data = await storefront.mutate(CART_LINES_ADD_MUTATION, {
          variables: { cartId, lines },
        });
        return cartFrom(data.cartLinesAdd, CART_ERRORS.add);
      }),

    updateLines: (cartId, lines) =>
      failingWith(CART_ERRORS.update, async () => {
        const data = await storefront.mutate(CART_LINES_UPDATE_MUTATION, {
          variables: { cartId, lines },
        });
        return cartFrom(data.cartLinesUpdate, CART_ERRORS.update);
      }),

    removeLines: (cartId, lineIds) =>
      failingWith(CART_ERRORS.remove, async () => {
        const data = await storefront.mutate(CART_LINES_REMOVE_MUTATION, {
          variables: { cartId, lineIds },
        });
        return cartFrom(data.cartLinesRemove, CART_ERRORS.remove);
      }),

    merchandise: (variantId) =>
      failingWith(CART_ERRORS.add, async () => {
        const data = await storefront.query(CART_MERCHANDISE_QUERY, {
          variables: { id: variantId },
          cache: MERCHANDISE_CACHE,
        });
        // Any other kind of node answers an empty object.
        const node = data.node as Partial<CartMerchandise> | null;
        return node?.id && node.product ? { id: node.id, product: node.product } : null;
      }),
  };
}
