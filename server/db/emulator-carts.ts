import { asc, eq, sql } from "drizzle-orm";
import type { CartStorage, CheckoutOrder, StoredCart } from "../../emulators/storefront";
import type { Database } from "./index";
import { emulatorCarts, emulatorOrders } from "./schema";

/**
 * The storefront emulator's carts and orders in the app's database (PGlite or PostgreSQL), so
 * embedded carts outlive a restart and app processes sharing one PostgreSQL share carts too.
 */
export function createDatabaseCartStorage(db: Database): CartStorage {
  return {
    async load(token) {
      const [row] = await db
        .select({ cart: emulatorCarts.cart })
        .from(emulatorCarts)
        .where(eq(emulatorCarts.token, token));
      return row ? (row.cart as StoredCart) : undefined;
    },

    async save(cart) {
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
