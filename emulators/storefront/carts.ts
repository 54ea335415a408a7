import { setTimeout } from "node:timers/promises";
import {
  addLines,
  type CartLineInput,
  type CartLineUpdateInput,
  type CartUserError,
  normaliseAttributes,
  randomId,
  removeLines,
  updateLines,
} from "./cart-lines";
import type { CartAttribute, CartStorage, StoredCart, StoredCartLine } from "./cart-storage";
import type { CatalogStore } from "./nodes";

// Carts with the Storefront API's semantics: lines of the same variant with the same attributes
// merge, quantity 0 removes a line, stock limits and unknown ids answer with userErrors and leave
// the cart as it was. State lives behind CartStorage (server/emulators.ts passes one on the app's
// database), so carts survive a restart and several processes can share them: every write is
// checked against the version it was computed from and retried on a conflict.

export interface CartMutationResult {
  cart: StoredCart | null;
  userErrors: CartUserError[];
}

// Writes that collide try again after a random pause that grows, so a burst of them (several
// processes on one database) spreads out instead of colliding again in step.
const MAX_SAVE_ATTEMPTS = 20;
const collisionPause = (attempt: number) => setTimeout(Math.random() * 2 ** Math.min(attempt, 6));

export function cartGid(cart: Pick<StoredCart, "token" | "key">): string {
  return `gid://shopify/Cart/${cart.token}?key=${cart.key}`;
}

/** The token and key of a cart id; undefined when it is not one. */
export function parseCartGid(id: string): { token: string; key: string } | undefined {
  const match = /^gid:\/\/shopify\/Cart\/([A-Za-z0-9_-]+)\?key=([A-Za-z0-9_-]+)$/.exec(id);
  return match?.[1] && match[2] ? { token: match[1], key: match[2] } : undefined;
}

const CART_NOT_FOUND: CartUserError = {
  code: "INVALID",
  field: ["cartId"],
  message: "The specified cart does not exist.",
};

/** The carts of one emulator: reads, the mutations, and the checkout's completion. */
export interface CartBook {
  /** A live cart by its id; undefined for an unknown, completed or wrongly keyed id. */
  get(cartId: string): Promise<StoredCart | undefined>;
  /** As `get`, by the token and key in a checkout URL. */
  getByToken(token: string, key: string): Promise<StoredCart | undefined>;
  create(input: {
    lines?: CartLineInput[] | null;
    attributes?: CartAttribute[] | null;
    note?: string | null;
  }): Promise<CartMutationResult>;
  addLines(cartId: string, lines: CartLineInput[]): Promise<CartMutationResult>;
  updateLines(cartId: string, lines: CartLineUpdateInput[]): Promise<CartMutationResult>;
  removeLines(cartId: string, lineIds: string[]): Promise<CartMutationResult>;
  /** Marks the cart completed (it then reads as gone); false when it already was. */
  complete(cart: StoredCart): Promise<boolean>;
  readonly storage: CartStorage;
}

export function createCartBook(
  catalog: CatalogStore,
  storage: CartStorage,
  now: () => Date = () => new Date(),
): CartBook {
  const live = (cart: StoredCart | undefined, key: string) =>
    cart && cart.key === key && !cart.completedAt ? cart : undefined;

  async function get(cartId: string) {
    const parsed = parseCartGid(cartId);
    return parsed ? live(await storage.load(parsed.token), parsed.key) : undefined;
  }

  /** Reads, changes and saves a cart, again from the top when another write came between. */
  async function mutate(
    cartId: string,
    change: (cart: StoredCart) => { lines: StoredCartLine[]; errors: CartUserError[] },
  ): Promise<CartMutationResult> {
    for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt++) {
      const cart = await get(cartId);
      if (!cart) return { cart: null, userErrors: [CART_NOT_FOUND] };
      const { lines, errors } = change(cart);
      if (errors.length > 0) return { cart, userErrors: errors };
      const next: StoredCart = {
        ...cart,
        lines,
        updatedAt: now().toISOString(),
        version: cart.version + 1,
      };
      if (await storage.save(next)) return { cart: next, userErrors: [] };
      await collisionPause(attempt);
    }
    throw new Error(`Cart ${cartId} is too busy: ${MAX_SAVE_ATTEMPTS} writes collided`);
  }

  return {
    storage,
    get,
    async getByToken(token, key) {
      return live(await storage.load(token), key);
    },
    async create(input) {
      const timestamp = now().toISOString();
      const empty: StoredCart = {
        token: randomId(18),
        key: randomId(12),
        lines: [],
        attributes: normaliseAttributes(input.attributes),
        note: input.note ?? null,
        createdAt: timestamp,
        updatedAt: timestamp,
        completedAt: null,
        version: 1,
      };
      const { lines, errors } = addLines(empty, input.lines ?? [], catalog);
      if (errors.length > 0) return { cart: null, userErrors: errors };
      const cart = { ...empty, lines };
      if (!(await storage.save(cart))) throw new Error("A new cart's token was already taken");
      return { cart, userErrors: [] };
    },
    addLines: (cartId, lines) => mutate(cartId, (cart) => addLines(cart, lines, catalog)),
    updateLines: (cartId, lines) => mutate(cartId, (cart) => updateLines(cart, lines, catalog)),
    removeLines: (cartId, lineIds) => mutate(cartId, (cart) => removeLines(cart, lineIds)),
    async complete(cart) {
      const timestamp = now().toISOString();
      return storage.save({
        ...cart,
        completedAt: timestamp,
        updatedAt: timestamp,
        version: cart.version + 1,
      });
    },
  };
}
