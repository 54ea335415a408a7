import { LRUCache } from "lru-cache";

// Where carts and checkout orders are kept: the stored shapes, the CartStorage contract the
// cart book writes through (server/db/emulator-carts.ts implements it on the app's database), the
// in-memory storage used by default, and the carts kept beside a storage written by one process.

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

/** How many carts a storage written by this process alone keeps in memory as well. */
const KEPT_CARTS = 1_000;

/** Where `keepingCarts` keeps carts; several storages over one database share one. */
export const cartsKept = () => new LRUCache<string, StoredCart>({ max: KEPT_CARTS });

/**
 * `storage` with the carts it last read or wrote kept in memory as well, so that reading a cart
 * (every page a shopper with a cart opens) asks nothing of it. Only for a storage no other process
 * writes (the app's PGlite, not a shared PostgreSQL), reached through this one object. The storage
 * stays the record: a cart is kept only once stored, a newer version is never replaced by an older
 * read, and a save that finds another version stored forgets the kept copy.
 */
export function keepingCarts(storage: CartStorage, kept = cartsKept()): CartStorage {
  const keep = (cart: StoredCart) => {
    const current = kept.get(cart.token);
    if (!current || current.version <= cart.version) kept.set(cart.token, structuredClone(cart));
  };
  return {
    async load(token) {
      const known = kept.get(token);
      if (known) return structuredClone(known);
      const cart = await storage.load(token);
      if (cart) keep(cart);
      return cart;
    },
    async save(cart) {
      const saved = await storage.save(cart);
      if (saved) keep(cart);
      else kept.delete(cart.token);
      return saved;
    },
    recordOrder: (order) => storage.recordOrder(order),
    listOrders: () => storage.listOrders(),
  };
}
