import { randomBytes } from "node:crypto";
import type { CatalogStore, VariantNode } from "./nodes";

// Carts with the Storefront API's semantics: lines of the same variant with the same attributes
// merge, quantity 0 removes a line, stock limits and unknown ids answer with userErrors and leave
// the cart as it was. State lives behind CartStorage (server/emulators.ts passes one on the app's
// database), so carts survive a restart and several processes can share them: every write is
// checked against the version it was computed from and retried on a conflict.

export interface CartAttribute {
  key: string;
  value: string;
}

export interface StoredCartLine {
  /** gid://shopify/CartLine/<uuid>?cart=<token>, as Shopify shapes it. */
  id: string;
  merchandiseId: string;
  quantity: number;
  attributes: CartAttribute[];
}

export interface StoredCart {
  token: string;
  /** The secret half of the cart id (`?key=`); a token alone opens nothing. */
  key: string;
  lines: StoredCartLine[];
  attributes: CartAttribute[];
  note: string | null;
  createdAt: string;
  updatedAt: string;
  /** Set when the checkout turned the cart into an order; the cart is then gone for the API. */
  completedAt: string | null;
  /** Bumped by every write; a save succeeds only on top of the version it was read at. */
  version: number;
}

export interface OrderAddress {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  zoneCode: string | null;
  territoryCode: string | null;
  zip: string | null;
  phoneNumber: string | null;
}

export interface OrderLine {
  title: string;
  variantTitle: string | null;
  sku: string | null;
  quantity: number;
  /** Unit price, a decimal string. */
  price: string;
  productId: string;
  variantId: string;
  productType: string | null;
  vendor: string | null;
  image: { url: string; altText: string | null } | null;
  attributes: CartAttribute[];
}

/** An order placed on the emulator's checkout page. */
export interface CheckoutOrder {
  cartToken: string;
  /** The customer-account emulator's customer id; null for a guest checkout. */
  customerId: string | null;
  /** The order's name in the customer's account ("#1001"), when it went there. */
  customerOrderName: string | null;
  email: string;
  currencyCode: string;
  lineItems: OrderLine[];
  shippingAddress: OrderAddress | null;
  shippingLine: { title: string; price: string } | null;
  subtotal: string;
  total: string;
  createdAt: string;
}

export interface CartStorage {
  load(token: string): Promise<StoredCart | undefined>;
  /**
   * Stores `cart` if the stored copy is still at `cart.version - 1` (or absent when it is 1);
   * false when another write got there first.
   */
  save(cart: StoredCart): Promise<boolean>;
  /** Keeps an order and answers its number. */
  recordOrder(order: CheckoutOrder): Promise<number>;
  listOrders(): Promise<(CheckoutOrder & { number: number })[]>;
}

export function createMemoryCartStorage(): CartStorage {
  const carts = new Map<string, StoredCart>();
  const orders: (CheckoutOrder & { number: number })[] = [];
  return {
    async load(token) {
      const cart = carts.get(token);
      return cart ? structuredClone(cart) : undefined;
    },
    async save(cart) {
      const stored = carts.get(cart.token);
      if ((stored?.version ?? 0) !== cart.version - 1) return false;
      carts.set(cart.token, structuredClone(cart));
      return true;
    },
    async recordOrder(order) {
      const number = FIRST_ORDER_NUMBER + orders.length;
      orders.push({ ...structuredClone(order), number });
      return number;
    },
    async listOrders() {
      return structuredClone(orders);
    },
  };
}

export const FIRST_ORDER_NUMBER = 1001;

export interface CartUserError {
  code: string;
  field: string[] | null;
  message: string;
}

export interface CartLineInput {
  merchandiseId: string;
  quantity?: number | null;
  attributes?: CartAttribute[] | null;
}

export interface CartLineUpdateInput {
  id: string;
  quantity?: number | null;
  merchandiseId?: string | null;
  attributes?: CartAttribute[] | null;
}

export interface CartMutationResult {
  cart: StoredCart | null;
  userErrors: CartUserError[];
}

// Shopify's ceiling on lines in one cart.
export const MAX_CART_LINES = 500;
const MAX_SAVE_ATTEMPTS = 8;

export function cartGid(cart: Pick<StoredCart, "token" | "key">): string {
  return `gid://shopify/Cart/${cart.token}?key=${cart.key}`;
}

/** The token and key of a cart id; undefined when it is not one. */
export function parseCartGid(id: string): { token: string; key: string } | undefined {
  const match = /^gid:\/\/shopify\/Cart\/([A-Za-z0-9_-]+)\?key=([A-Za-z0-9_-]+)$/.exec(id);
  return match?.[1] && match[2] ? { token: match[1], key: match[2] } : undefined;
}

const randomId = (bytes: number) => randomBytes(bytes).toString("base64url");

const CART_NOT_FOUND: CartUserError = {
  code: "INVALID",
  field: ["cartId"],
  message: "The specified cart does not exist.",
};

function sameAttributes(a: CartAttribute[], b: CartAttribute[]): boolean {
  const canonical = (list: CartAttribute[]) =>
    JSON.stringify([...list].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0)));
  return canonical(a) === canonical(b);
}

function variantLabel(variant: VariantNode): string {
  return variant.title === "Default Title"
    ? variant.product.title
    : `${variant.product.title} (${variant.title})`;
}

/** How many of a variant can be in one cart; undefined when there is no limit. */
function stockLimit(variant: VariantNode): number | undefined {
  if (variant.quantityAvailable === null || variant.inventoryPolicy === "continue") {
    return undefined;
  }
  return Math.max(variant.quantityAvailable, 0);
}

type Draft = { lines: StoredCartLine[]; errors: CartUserError[] };

/**
 * Refuses a change that leaves more of a variant in the cart than is in stock. `fieldOf` says
 * which input a line came from, so the error can point at it.
 */
function checkStock(
  draft: Draft,
  catalog: CatalogStore,
  fieldOf: (line: StoredCartLine) => string[] | null,
): void {
  const totals = new Map<string, { quantity: number; field: string[] | null }>();
  for (const line of draft.lines) {
    const total = totals.get(line.merchandiseId) ?? { quantity: 0, field: null };
    total.quantity += line.quantity;
    total.field ??= fieldOf(line);
    totals.set(line.merchandiseId, total);
  }
  for (const [merchandiseId, { quantity, field }] of totals) {
    const variant = catalog.node(merchandiseId);
    if (variant?.__typename !== "ProductVariant") continue;
    const limit = stockLimit(variant);
    // Only lines this mutation touched can be refused; older lines that went over because
    // stock fell are the checkout's business, as on Shopify.
    if (limit === undefined || quantity <= limit || !field) continue;
    draft.errors.push(
      limit === 0
        ? {
            code: "MERCHANDISE_NOT_APPLICABLE",
            field,
            message: `${variantLabel(variant)} is sold out.`,
          }
        : {
            code: "MAXIMUM_EXCEEDED",
            field,
            message: `You can only add ${limit} of ${variantLabel(variant)} to your cart.`,
          },
    );
  }
}

function normaliseAttributes(attributes: CartAttribute[] | null | undefined): CartAttribute[] {
  return (attributes ?? []).map(({ key, value }) => ({ key, value }));
}

/** Adds lines to a draft, merging into a line of the same variant and attributes. */
export function addLines(
  cart: StoredCart,
  inputs: CartLineInput[],
  catalog: CatalogStore,
): { lines: StoredCartLine[]; errors: CartUserError[] } {
  const draft: Draft = { lines: cart.lines.map((line) => ({ ...line })), errors: [] };
  const touched = new Map<StoredCartLine, number>();
  inputs.forEach((input, index) => {
    const quantity = input.quantity ?? 1;
    const variant = catalog.node(input.merchandiseId);
    if (variant?.__typename !== "ProductVariant") {
      draft.errors.push({
        code: "INVALID",
        field: ["lines", String(index), "merchandiseId"],
        message: `The merchandise with id ${input.merchandiseId} does not exist.`,
      });
      return;
    }
    if (!Number.isInteger(quantity) || quantity < 1) {
      draft.errors.push({
        code: "INVALID",
        field: ["lines", String(index), "quantity"],
        message: "The quantity must be at least 1.",
      });
      return;
    }
    const attributes = normaliseAttributes(input.attributes);
    const existing = draft.lines.find(
      (line) =>
        line.merchandiseId === input.merchandiseId && sameAttributes(line.attributes, attributes),
    );
    if (existing) {
      existing.quantity += quantity;
      touched.set(existing, index);
    } else {
      const line = {
        id: `gid://shopify/CartLine/${randomId(12)}?cart=${cart.token}`,
        merchandiseId: input.merchandiseId,
        quantity,
        attributes,
      };
      draft.lines.push(line);
      touched.set(line, index);
    }
  });
  if (draft.lines.length > MAX_CART_LINES) {
    draft.errors.push({
      code: "CART_TOO_LARGE",
      field: ["lines"],
      message: `A cart can hold at most ${MAX_CART_LINES} lines.`,
    });
  }
  if (draft.errors.length === 0) {
    checkStock(draft, catalog, (line) => {
      const index = touched.get(line);
      return index === undefined ? null : ["lines", String(index), "quantity"];
    });
  }
  return draft;
}

/** Sets quantities (0 removes), attributes or merchandise of existing lines. */
export function updateLines(
  cart: StoredCart,
  inputs: CartLineUpdateInput[],
  catalog: CatalogStore,
): { lines: StoredCartLine[]; errors: CartUserError[] } {
  const draft: Draft = { lines: cart.lines.map((line) => ({ ...line })), errors: [] };
  const touched = new Map<string, number>();
  inputs.forEach((input, index) => {
    const line = draft.lines.find((candidate) => candidate.id === input.id);
    if (!line) {
      draft.errors.push({
        code: "INVALID",
        field: ["lines", String(index), "id"],
        message: `The merchandise line with id ${input.id} does not exist.`,
      });
      return;
    }
    if (input.quantity != null) {
      if (!Number.isInteger(input.quantity) || input.quantity < 0) {
        draft.errors.push({
          code: "LESS_THAN",
          field: ["lines", String(index), "quantity"],
          message: "The quantity must be greater than or equal to 0.",
        });
        return;
      }
      line.quantity = input.quantity;
    }
    if (input.merchandiseId != null) {
      if (catalog.node(input.merchandiseId)?.__typename !== "ProductVariant") {
        draft.errors.push({
          code: "INVALID",
          field: ["lines", String(index), "merchandiseId"],
          message: `The merchandise with id ${input.merchandiseId} does not exist.`,
        });
        return;
      }
      line.merchandiseId = input.merchandiseId;
    }
    if (input.attributes != null) line.attributes = normaliseAttributes(input.attributes);
    touched.set(line.id, index);
  });
  // Quantity 0 removes the line; a line changed to match another merges into it.
  const merged: StoredCartLine[] = [];
  for (const line of draft.lines) {
    if (line.quantity === 0) continue;
    const twin = merged.find(
      (other) =>
        other.merchandiseId === line.merchandiseId &&
        sameAttributes(other.attributes, line.attributes),
    );
    if (twin) {
      twin.quantity += line.quantity;
      if (touched.has(line.id) && !touched.has(twin.id)) {
        touched.set(twin.id, touched.get(line.id) ?? 0);
      }
    } else merged.push(line);
  }
  draft.lines = merged;
  if (draft.errors.length === 0) {
    checkStock(draft, catalog, (line) => {
      const index = touched.get(line.id);
      return index === undefined ? null : ["lines", String(index), "quantity"];
    });
  }
  return draft;
}

export function removeLines(
  cart: StoredCart,
  lineIds: string[],
): { lines: StoredCartLine[]; errors: CartUserError[] } {
  const errors: CartUserError[] = [];
  lineIds.forEach((id, index) => {
    if (!cart.lines.some((line) => line.id === id)) {
      errors.push({
        code: "INVALID",
        field: ["lineIds", String(index)],
        message: `The merchandise line with id ${id} does not exist.`,
      });
    }
  });
  return { lines: cart.lines.filter((line) => !lineIds.includes(line.id)), errors };
}

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
