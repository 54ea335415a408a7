import { asc, eq, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { CartStorage, CheckoutOrder, StoredCart } from "../../emulators/storefront";
import { type Database, writesAlone } from "./index";
import { emulatorCarts, emulatorOrders } from "./schema";

/** How many carts a process that writes its database alone keeps in memory as well. */
const KEPT_CARTS = 1_000;

/** The carts kept beside each such database, shared by every storage over it. */
const keptCarts = new WeakMap<Database, LRUCache<string, StoredCart>>();

/**
 * Where the database is this process's alone (PGlite), the carts it last read or wrote, so that
 * reading a cart (every page a shopper with a cart opens) costs no query. The database stays the
 * record: a cart is kept only once stored, a newer version is never replaced by an older read, and
 * a save that finds another version stored forgets the kept copy. Shared PostgreSQL is always read.
 */
function keptCartsOf(db: Database): LRUCache<string, StoredCart> | undefined {
  if (!writesAlone(db)) return undefined;
  let kept = keptCarts.get(db);
  if (!kept) {
    kept = new LRUCache({ max: KEPT_CARTS });
    keptCarts.set(db, kept);
  }
  return kept;
}

/**
 * The storefront emulator's carts and orders in the app's database (PGlite or PostgreSQL), so
 * embedded carts outlive a restart and app processes sharing one PostgreSQL share carts too.
 */
export function createDatabaseCartStorage(db: Database): CartStorage {
  async function saveToDatabase(cart: StoredCart): Promise<boolean> {
    if (cart.version === 1) {
      const inserted = await db
        .insert(emulatorCarts)
        .values({ token: cart.token, cart, version: cart.version })
        .onConflictDoNothing()
        .returning({ token: emulatorCarts.token });
      return inserted.length === 1;
    }
    // Compare-and-set: only on top of the version this write was computed from.
    const updated = await db
      .update(emulatorCarts)
      .set({ cart, version: cart.version, updatedAt: sql`now()` })
      .where(
        sql`${emulatorCarts.token} = ${cart.token} and ${emulatorCarts.version} = ${cart.version - 1}`,
      )
      .returning({ token: emulatorCarts.token });
    return updated.length === 1;
  }

  const kept = keptCartsOf(db);
  const keep = (cart: StoredCart) => {
    if (!kept) return;
    const current = kept.get(cart.token);
    if (!current || current.version <= cart.version) kept.set(cart.token, structuredClone(cart));
  };
  return {
    async load(token) {
      const known = kept?.get(token);
      if (known) return structuredClone(known);
      const [row] = await db
        .select({ cart: emulatorCarts.cart })
        .from(emulatorCarts)
        .where(eq(emulatorCarts.token, token));
      if (!row) return undefined;
      const cart = row.cart as StoredCart;
      keep(cart);
      return cart;
    },

    async save(cart) {
      const saved = await saveToDatabase(cart);
      if (saved) keep(cart);
      else kept?.delete(cart.token);
      return saved;
    },

    async recordOrder(order) {
      const [row] = await db
        .insert(emulatorOrders)
        .values({
          cartToken: order.cartToken,
          customerId: order.customerId,
          email: order.email,
          order,
        })
        .returning({ number: emulatorOrders.number });
      if (!row) throw new Error("The order was not recorded");
      return row.number;
    },

    async listOrders() {
      const rows = await db.select().from(emulatorOrders).orderBy(asc(emulatorOrders.number));
      return rows.map((row) => ({ ...(row.order as CheckoutOrder), number: row.number }));
    },
  };
}
