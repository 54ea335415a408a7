import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Short-lived state that must hold until it expires (expiring-state.server.ts): rate-limit
// counters, sign-ins in progress, webhook deliveries seen. It lives in the database, apart from
// every cache, so nothing a visitor does to a cache can evict it. The app owns this table;
// drizzle.config.ts lists this file.
export const expiringState = pgTable("expiring_state", {
  key: text("key").primaryKey(),
  /** A stored value (a sign-in in progress), or null for a counter. */
  value: jsonb("value"),
  /** A counter's count within its window; 0 for a stored value. */
  count: integer("count").notNull().default(0),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
