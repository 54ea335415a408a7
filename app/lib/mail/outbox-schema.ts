import {
  bigint,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// Mail waits here until a sender delivers it, so a crash between a purchase order's commit and
// the email to staff loses nothing (ARCHITECTURE: "an outbox table"). The app owns this table;
// drizzle.config.ts lists this file. The worker (outbox-worker.server.ts) claims, sends, retries.
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // PGlite's clock can give two quick inserts the same created_at; this orders them.
    sequenceNumber: bigint("sequence_number", { mode: "number" }).generatedAlwaysAsIdentity(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    kind: text("kind").notNull(),
    /** Where a reply goes when it is not the sender, e.g. the customer who wrote an enquiry. */
    replyTo: text("reply_to"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Delivery attempts so far; the next waits longer each time (back-off). */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the message until then; another may take it over only after. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (table) => [
    uniqueIndex("mail_outbox_sequence_number_idx").on(table.sequenceNumber),
    index("mail_outbox_due_idx").on(table.sentAt, table.nextAttemptAt),
  ],
);
