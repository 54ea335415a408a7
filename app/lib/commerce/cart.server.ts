import { randomUUID } from "node:crypto";
import { createCookie } from "react-router";
import type { Config } from "../config";
import { isSignedIn } from "../customer/session-cookie";
import { CART_COOKIE, CART_NOTICE_COOKIE } from "../personal-cookies";
import { type Cart, type CartAttribute, type CartView, toCartView } from "./cart";
import { reshapeCart } from "./cart-reshape";
import {
  CART_CREATE_MUTATION,
  CART_LINES_ADD_MUTATION,
  CART_LINES_REMOVE_MUTATION,
  CART_LINES_UPDATE_MUTATION,
  CART_MERCHANDISE_QUERY,
  CART_QUERY,
} from "./operations/cart";
import {
  type StorefrontClient,
  StorefrontError,
  StorefrontRequestError,
  toStorefrontError,
} from "./storefront.server";
import type {
  CartCreateMutation,
  CartCreateMutationVariables,
  CartLinesAddMutation,
  CartLinesAddMutationVariables,
  CartLinesRemoveMutation,
  CartLinesRemoveMutationVariables,
  CartLinesUpdateMutation,
  CartLinesUpdateMutationVariables,
  CartMerchandiseQuery,
  CartMerchandiseQueryVariables,
  CartProblemFragment,
  CartQuery,
  CartQueryVariables,
} from "./storefront-types.generated";

export { StorefrontError } from "./storefront.server";

// SPEC §8's store messages, word for word; SPEC names none for reading the cart.
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

async function failingWith<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof StorefrontRequestError ? toStorefrontError(error, message) : error;
  }
}

/** A mutation's cart, or its first userError, or SPEC §8's message when it answered neither. */
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
        const data = await storefront.query<CartQuery, CartQueryVariables>(CART_QUERY, {
          variables: { cartId },
          cache: "no-store",
        });
        return data.cart ? reshapeCart(data.cart) : null;
      }),

    create: () =>
      failingWith(CART_ERRORS.create, async () => {
        const data = await storefront.mutate<CartCreateMutation, CartCreateMutationVariables>(
          CART_CREATE_MUTATION,
          { variables: { input: {} } },
        );
        const [problem] = data.cartCreate?.userErrors ?? [];
        if (problem) throw new CartUserError(problem);
        const id = data.cartCreate?.cart?.id;
        if (!id) throw new StorefrontError(CART_ERRORS.create, { status: 502 });
        return id;
      }),

    addLines: (cartId, lines) =>
      failingWith(CART_ERRORS.add, async () => {
        const data = await storefront.mutate<CartLinesAddMutation, CartLinesAddMutationVariables>(
          CART_LINES_ADD_MUTATION,
          { variables: { cartId, lines } },
        );
        return cartFrom(data.cartLinesAdd, CART_ERRORS.add);
      }),

    updateLines: (cartId, lines) =>
      failingWith(CART_ERRORS.update, async () => {
        const data = await storefront.mutate<
          CartLinesUpdateMutation,
          CartLinesUpdateMutationVariables
        >(CART_LINES_UPDATE_MUTATION, { variables: { cartId, lines } });
        return cartFrom(data.cartLinesUpdate, CART_ERRORS.update);
      }),

    removeLines: (cartId, lineIds) =>
      failingWith(CART_ERRORS.remove, async () => {
        const data = await storefront.mutate<
          CartLinesRemoveMutation,
          CartLinesRemoveMutationVariables
        >(CART_LINES_REMOVE_MUTATION, { variables: { cartId, lineIds } });
        return cartFrom(data.cartLinesRemove, CART_ERRORS.remove);
      }),

    merchandise: (variantId) =>
      failingWith(CART_ERRORS.add, async () => {
        const data = await storefront.query<CartMerchandiseQuery, CartMerchandiseQueryVariables>(
          CART_MERCHANDISE_QUERY,
          { variables: { id: variantId }, cache: MERCHANDISE_CACHE },
        );
        // Any other kind of node answers an empty object.
        const node = data.node as Partial<CartMerchandise> | null;
        return node?.id && node.product ? { id: node.id, product: node.product } : null;
      }),
  };
}

// --- The cart cookie

/** Shopify keeps an untouched cart for about ten days; the cookie outlives that a little. */
export const CART_COOKIE_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;

/**
 * What the cart cookie holds: the cart id, and whether the cart was last changed by a signed-in
 * customer — such a cart is emptied when that session ends (ARCHITECTURE: "Cart persistence").
 */
export interface CartSession {
  cartId: string | null;
  customer: boolean;
}

const cartCookie = createCookie(CART_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: CART_COOKIE_MAX_AGE_SECONDS,
});

/** Secure in production (ARCHITECTURE rule 1); browsers accept it on http://localhost too. */
const secure = (config: Pick<Config, "env">) => config.env === "production";

export async function readCartSession(request: Request): Promise<CartSession> {
  const value = (await cartCookie.parse(request.headers.get("Cookie"))) as unknown;
  if (value && typeof value === "object" && "id" in value && typeof value.id === "string") {
    return { cartId: value.id, customer: "customer" in value && value.customer === true };
  }
  return { cartId: null, customer: false };
}

export function serializeCartSession(
  session: { cartId: string; customer: boolean },
  config: Pick<Config, "env">,
): Promise<string> {
  return cartCookie.serialize(
    { id: session.cartId, customer: session.customer },
    { secure: secure(config) },
  );
}

export function clearCartCookie(config: Pick<Config, "env">): Promise<string> {
  return cartCookie.serialize("", { maxAge: 0, expires: new Date(0), secure: secure(config) });
}

/**
 * The cart this request may use. A cart a signed-in customer changed is out of reach once the
 * access-token cookie is gone (SPEC §4: emptied when no access-token cookie exists).
 */
export async function usableCartSession(
  request: Request,
): Promise<CartSession & { ended: boolean }> {
  const session = await readCartSession(request);
  const ended = session.customer && !isSignedIn(request.headers.get("Cookie"));
  return ended ? { cartId: null, customer: false, ended } : { ...session, ended };
}

// --- Notices that survive a redirect (forms posted without JavaScript)

export interface CartNotice {
  title: string;
  description?: string;
  kind: "error" | "info";
  /** The session could not be verified at checkout: the drawer asks to log in again. */
  reauthenticate?: boolean;
}

const noticeCookie = createCookie(CART_NOTICE_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60,
});

export function serializeCartNotice(notice: CartNotice, config: Pick<Config, "env">) {
  return noticeCookie.serialize(notice, { secure: secure(config) });
}

async function takeCartNotice(
  request: Request,
  config: Pick<Config, "env">,
): Promise<{ notice: CartNotice | null; setCookie?: string }> {
  const value = (await noticeCookie.parse(request.headers.get("Cookie"))) as unknown;
  if (!value || typeof value !== "object" || !("title" in value)) return { notice: null };
  const { title, description, kind, reauthenticate } = value as Partial<CartNotice>;
  const notice =
    typeof title === "string"
      ? {
          title,
          description: typeof description === "string" ? description : undefined,
          kind: kind === "info" ? ("info" as const) : ("error" as const),
          ...(reauthenticate === true ? { reauthenticate: true } : {}),
        }
      : null;
  return {
    notice,
    setCookie: await noticeCookie.serialize("", {
      maxAge: 0,
      expires: new Date(0),
      secure: secure(config),
    }),
  };
}

// --- What the layout (root loader) shows

export interface CartLayoutData {
  cart: CartView | null;
  /** The cart could not be read just now (the Storefront API failed); it was not emptied. */
  unavailable: boolean;
  /**
   * Sent with add forms so a double-submitted form (no JavaScript, a double click) adds once; a
   * new one comes with every page.
   */
  formKey: string;
  /** A message from a form posted without JavaScript, shown once. */
  notice: CartNotice | null;
}

interface CartServices {
  config: Pick<Config, "env">;
  logger: { warn(details: Record<string, unknown>, message: string): void };
  storefront(buyerIp?: string): StorefrontClient;
}

/** The request's cart as the browser may see it, and the cookies to set (a cart gone). */
export async function loadCart(
  request: Request,
  services: CartServices,
  buyerIp?: string,
): Promise<{ cart: CartView | null; unavailable: boolean; headers: Headers }> {
  const headers = new Headers();
  const session = await usableCartSession(request);
  if (session.ended) headers.append("Set-Cookie", await clearCartCookie(services.config));
  if (!session.cartId) return { cart: null, unavailable: false, headers };
  try {
    const cart = await createCartApi(services.storefront(buyerIp)).get(session.cartId);
    // Completed at checkout or expired: forget it, the next add starts a new one.
    if (!cart) headers.append("Set-Cookie", await clearCartCookie(services.config));
    return { cart: cart ? toCartView(cart) : null, unavailable: false, headers };
  } catch (error) {
    if (!(error instanceof StorefrontError)) throw error;
    services.logger.warn({ err: error }, "the cart could not be read");
    return { cart: null, unavailable: true, headers };
  }
}

export async function loadCartForLayout(
  request: Request,
  services: CartServices,
  buyerIp?: string,
): Promise<{ data: CartLayoutData; headers: Headers }> {
  const { cart, unavailable, headers } = await loadCart(request, services, buyerIp);
  const { notice, setCookie } = await takeCartNotice(request, services.config);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return { data: { cart, unavailable, formKey: randomUUID(), notice }, headers };
}

// --- Signing out

/**
 * For the sign-out flow (ARCHITECTURE: a signed-in customer's cart is emptied, and the drawer
 * closed, when the session ends): removes every line of the request's cart and answers the
 * Set-Cookie header that forgets it. A failing Storefront API is logged, never thrown: signing
 * out must not fail because of the cart, and the forgotten cookie already empties it for the
 * shopper.
 */
export async function emptyCartOnSignOut(
  request: Request,
  services: CartServices,
  buyerIp?: string,
): Promise<string> {
  const { cartId } = await readCartSession(request);
  if (cartId) {
    const api = createCartApi(services.storefront(buyerIp));
    try {
      const cart = await api.get(cartId);
      if (cart && cart.lines.length > 0) {
        await api.removeLines(
          cartId,
          cart.lines.map((line) => line.id),
        );
      }
    } catch (error) {
      services.logger.warn({ err: error }, "the cart could not be emptied at sign-out");
    }
  }
  return clearCartCookie(services.config);
}
