import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

// Enquiries from the contact form (product §3), kept in Lagoon's database with the staff email
// about each (the outbox). The app owns this table; drizzle.config.ts lists this file.
export const enquiries = pgTable(
  "enquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** From the form's key and what was sent: the same form posted twice is one enquiry. */
    submissionKey: text("submission_key").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    /** The product the customer asked about, as the catalogue named it then. */
    productHandle: text("product_handle"),
    productTitle: text("product_title"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("enquiries_submission_key_idx").on(table.submissionKey),
    index("enquiries_created_at_idx").on(table.createdAt),
  ],
);

export type EnquiryRow = typeof enquiries.$inferSelect;
