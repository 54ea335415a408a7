import { createHash } from "node:crypto";
import type { ExpiringState } from "../state/expiring-state.server";
import { type Cart, clampCartQuantity, isCourseProduct } from "./cart";
import { CART_ERRORS, type CartApi, CartUserError } from "./cart.server";
import { BadCartRequest, type Intent, MAX_QUANTITY } from "./cart-intent.server";
import { MAX_SEATS, participantAttributes } from "./cart-participants";
import { parseParticipants } from "./cart-participants-form.server";
import { isEarlyAccess } from "./early-access";

// The changes /api/cart makes to a cart's lines (cart-action.server.ts): adding (with course
// participants, once per form), updating (a +/- press applied in the cart's turn) and removing.

// A change sent again (a double click, a form posted twice, a browser re-sending a POST whose
// answer was lost when an instance died) arrives with the same form key; ten minutes covers any
// retry a shopper or a browser would make by accident.
const RESENT_CHANGE_WINDOW_MS = 10 * 60 * 1000;

/** Runs a change to an existing cart in its turn, with a Cart API that ends with the turn. */
export type CartTurn = <T>(cartId: string, change: (api: CartApi) => Promise<T>) => Promise<T>;

/**
 * The changes already applied to carts, by key, in the shop's database (decision 011): a re-sent
 * change is recognised by whichever process receives it, before or after a restart.
 */
export interface AppliedChanges {
  applied(key: string): Promise<boolean>;
  remember(key: string): Promise<void>;
}

export function appliedChanges(
  state: ExpiringState,
  logger: { warn(details: Record<string, unknown>, message: string): void },
): AppliedChanges {
  return {
    async applied(key) {
      try {
        return (await state.get<boolean>(key)) === true;
      } catch (error) {
        // As with the cart's turn: a change that might apply twice beats a cart that cannot be
        // changed while the database cannot be asked.
        logger.warn({ err: error }, "a cart change could not be checked against those applied");
        return false;
      }
    },
    async remember(key) {
      try {
        await state.put(key, true, RESENT_CHANGE_WINDOW_MS);
      } catch (error) {
        logger.warn({ err: error }, "an applied cart change could not be remembered");
      }
    },
  };
}

/**
 * The key of a change sent with a form key: the cart (hashed, as its id's key opens it) and what
 * the form asked for, so the same key on another cart or another change is not the same change.
 */
export function changeKey(cartId: string, formKey: string, change: unknown[]): string {
  const digest = createHash("sha256")
    .update(JSON.stringify([cartId, formKey, ...change]))
    .digest("base64url");
  return `cart-change:${digest}`;
}

/**
 * Applies a change in the cart's turn once per key: a re-sent one changes nothing and answers
 * with the cart as it is, as the first did (the shopper sees their change, not an error). The
 * key is remembered in the same turn, before the answer, so no re-send can slip in between. A
 * process that dies after the platform applied the change and before the key is stored (a few
 * milliseconds) can still let one re-send apply again: the Storefront API takes no key of ours.
 */
export async function applyOnce(
  changes: AppliedChanges,
  key: string | null,
  api: CartApi,
  cartId: string,
  change: () => Promise<Cart | null>,
): Promise<Cart | null> {
  if (!key) return change();
  if (await changes.applied(key)) return api.get(cartId);
  const cart = await change();
  await changes.remember(key);
  return cart;
}

export async function addToCart(
  api: CartApi,
  inTurn: CartTurn,
  changes: AppliedChanges,
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
  if (!cartId) return addToNewCart();
  // A key makes an add to an existing cart happen once; starting a cart cannot be made so.
  const key = intent.formKey
    ? changeKey(cartId, intent.formKey, ["add", intent.merchandiseId, intent.quantity])
    : null;
  try {
    const cart = await inTurn(cartId, (locked) =>
      applyOnce(changes, key, locked, cartId, () => locked.addLines(cartId, lines)),
    );
    // The re-sent add finds the cart gone only if it went since the first one.
    if (!cart) throw new BadCartRequest(CART_ERRORS.add);
    return cart;
  } catch (error) {
    // The cookie named a cart that is gone (checked out, expired): start a new one.
    if (!(error instanceof CartUserError && error.cartIsGone)) throw error;
    return addToNewCart();
  }
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
