import { asc, eq, sql } from "drizzle-orm";
import type { LRUCache } from "lru-cache";
import {
  type CartStorage,
  type CheckoutOrder,
  cartsKept,
  keepingCarts,
  type StoredCart,
} from "../../emulators/storefront";
import { type Database, writesAlone } from "./index";
import { emulatorCarts, emulatorOrders } from "./schema";

/** The carts kept beside each database this process alone writes, shared by every storage over it. */
const keptCarts = new WeakMap<Database, LRUCache<string, StoredCart>>();

function keptCartsOf(db: Database): LRUCache<string, StoredCart> {
  let kept = keptCarts.get(db);
  if (!kept) {
    kept = cartsKept();
    keptCarts.set(db, kept);
  }
  return kept;
}

/**
 * The storefront emulator's carts and orders in the app's database (PGlite or PostgreSQL), so
 * embedded carts outlive a restart and app processes sharing one PostgreSQL share carts too.
 * Where this process alone writes the database (PGlite), the carts are kept in memory as well
 * (`keepingCarts`), unless `keep` is false: the storefront emulator's thread keeps them on its
 * side of the message port instead (decision 013).
 */
export function createDatabaseCartStorage(
  db: Database,
  { keep = true }: { keep?: boolean } = {},
): CartStorage {
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

  const stored: CartStorage = {
    async load(token) {
      const [row] = await db
        .select({ cart: emulatorCarts.cart })
        .from(emulatorCarts)
        .where(eq(emulatorCarts.token, token));
      return row ? (row.cart as StoredCart) : undefined;
    },

    save: saveToDatabase,

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
  return keep && writesAlone(db) ? keepingCarts(stored, keptCartsOf(db)) : stored;
}
