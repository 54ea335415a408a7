import { bigint, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

// Mail waits here until a sender delivers it, so a crash between a purchase order's commit and
// the email to staff loses nothing (ARCHITECTURE: "an outbox table"). The app owns this table; drizzle.config.ts lists this file.
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("mail_outbox_sequence_number_idx").on(table.sequenceNumber)],
);
