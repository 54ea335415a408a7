import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Whose turn it is to change a cart (cart-lock.server.ts): a row per cart being changed, gone
// when the change is done. The app owns this table; drizzle.config.ts lists this file.
export const cartLocks = pgTable("cart_locks", {
  /** SHA-256 of the cart id: the id's key opens the cart, so it is not stored. */
  cartKey: text("cart_key").primaryKey(),
  /** The change holding the turn; only it may hand the turn back. */
  holder: text("holder").notNull(),
  /** A holder that died leaves its turn to the next change after this. */
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
