import type { Cache } from "../cache";
import { type Cart, clampCartQuantity, isCourseProduct } from "./cart";
import { CART_ERRORS, type CartApi, CartUserError } from "./cart.server";
import { BadCartRequest, type Intent, MAX_QUANTITY } from "./cart-intent.server";
import { MAX_SEATS, participantAttributes } from "./cart-participants";
import { parseParticipants } from "./cart-participants-form.server";
import { isEarlyAccess } from "./early-access";

// The changes /api/cart makes to a cart's lines (cart-action.server.ts): adding (with course
// participants, once per form), updating (a +/- press applied in the cart's turn) and removing.

// A double-submitted add (a double click, a form posted twice) arrives with the same form key;
// ten minutes covers any retry a shopper would make by accident.
const DUPLICATE_ADD_WINDOW = { ttlSeconds: 600 };

/** Runs a change to an existing cart in its turn, with a Cart API that ends with the turn. */
export type CartTurn = <T>(cartId: string, change: (api: CartApi) => Promise<T>) => Promise<T>;

export async function addToCart(
  api: CartApi,
  inTurn: CartTurn,
  cache: Cache,
  cartId: string | null,
  intent: Extract<Intent, { intent: "add" }>,
  form: FormData,
  /** Whether the shopper is a VIP customer; asked only for an early-access product. */
  isVip: () => Promise<boolean>,
): Promise<Cart> {
  const merchandise = await api.merchandise(intent.merchandiseId);
  if (!merchandise) throw new BadCartRequest(CART_ERRORS.add);
  // product §6: until the shop releases it, an early-access product is sold to VIPs only.
  if (isEarlyAccess(merchandise.product) && !(await isVip())) {
    throw new BadCartRequest(CART_ERRORS.add, undefined, 403);
  }
  let attributes: { key: string; value: string }[] = [];
  if (isCourseProduct(merchandise.product)) {
    if (intent.quantity > MAX_SEATS) throw new BadCartRequest(CART_ERRORS.add);
    const result = parseParticipants(form, intent.quantity);
    if ("fieldErrors" in result) {
      const [first] = Object.values(result.fieldErrors);
      throw new BadCartRequest(first ?? CART_ERRORS.add, result.fieldErrors, 422);
    }
    attributes = participantAttributes(result.participants);
  }

  const lines = [{ merchandiseId: intent.merchandiseId, quantity: intent.quantity, attributes }];
  // A new cart is nobody else's yet, so it needs no turn.
  const addToNewCart = async () => api.addLines(await api.create(), lines);
  const add = async () => {
    if (!cartId) return addToNewCart();
    try {
      return await inTurn(cartId, (locked) => locked.addLines(cartId, lines));
    } catch (error) {
      // The cookie named a cart that is gone (checked out, expired): start a new one.
      if (!(error instanceof CartUserError && error.cartIsGone)) throw error;
      return addToNewCart();
    }
  };

  if (!intent.formKey || !cartId) return add();
  const key = `cart-add:${cartId}:${intent.formKey}:${intent.merchandiseId}:${intent.quantity}`;
  let added: Cart | undefined;
  await cache.fetch(
    key,
    async () => {
      added = await add();
      return true;
    },
    DUPLICATE_ADD_WINDOW,
  );
  // `added` is unset when this was the duplicate: the cart as the first one left it.
  return added ?? (await requireCart(api, cartId, CART_ERRORS.add));
}

export async function requireCart(api: CartApi, cartId: string, message: string): Promise<Cart> {
  const cart = await api.get(cartId);
  if (!cart) throw new BadCartRequest(message);
  return cart;
}

export async function updateLine(
  api: CartApi,
  cartId: string,
  intent: Extract<Intent, { intent: "update" }>,
): Promise<Cart | null> {
  let quantity = intent.quantity;
  if (intent.from !== undefined) {
    // Another tab or press may have changed the line since this one showed it: a +/- press adds
    // its change to what the line holds now (read in this change's turn, so nothing else writes
    // between this read and the write below), and no press is lost.
    const current = await api.get(cartId);
    const line = current?.lines.find((candidate) => candidate.id === intent.lineId);
    if (!current || !line) return current;
    quantity = clampCartQuantity(line.quantity + (intent.quantity - intent.from));
    if (quantity > MAX_QUANTITY) throw new BadCartRequest(CART_ERRORS.update);
  }
  try {
    return await api.updateLines(cartId, [{ id: intent.lineId, quantity }]);
  } catch (error) {
    if (error instanceof CartUserError && error.lineIsGone) return api.get(cartId);
    throw error;
  }
}

export async function removeLine(
  api: CartApi,
  cartId: string,
  lineId: string,
): Promise<Cart | null> {
  try {
    return await api.removeLines(cartId, [lineId]);
  } catch (error) {
    // Removed already (another tab): the shopper's wish holds, so it is not an error.
    if (error instanceof CartUserError && error.lineIsGone) return api.get(cartId);
    throw error;
  }
}
