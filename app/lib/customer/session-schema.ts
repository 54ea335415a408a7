import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// A signed-in customer's session (decision 006): the browser holds only the session's opaque id,
// in one signed cookie; the tokens live here, sealed with AES-256-GCM (session-crypto.server.ts).
// The app owns this table; drizzle.config.ts lists this file.
export const customerSessions = pgTable(
  "customer_sessions",
  {
    /** SHA-256 of the id in the cookie: the table alone does not give anyone a usable cookie. */
    idHash: text("id_hash").primaryKey(),
    /** The customer the ID token was issued for (its `sub`), checked at sign-in. */
    customerId: text("customer_id").notNull(),
    /** Access, refresh and ID tokens, sealed; never stored in clear. */
    sealedTokens: text("sealed_tokens").notNull(),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }).notNull(),
    /** Bumped by every token refresh, so two refreshes of one session cannot both write. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** product §9: 7 days after sign-in; rows past it are purged. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("customer_sessions_expires_at_idx").on(table.expiresAt)],
);
