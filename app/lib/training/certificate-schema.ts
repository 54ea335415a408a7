import { date, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Every certificate the shop has issued, so anyone holding a code can ask
// /certificate/verify/{code} whether it is genuine (product §5, certificate codes). The app owns
// this table; drizzle.config.ts lists this file beside the server's schema, and the server applies
// the migrations it generates.
export const certificates = pgTable("certificates", {
  code: text("code").primaryKey(),
  customerId: text("customer_id").notNull(),
  /** The certificate's `id`: the course's slug, the `{course}` of /certificate/{course}. */
  courseId: text("course_id").notNull(),
  courseName: text("course_name").notNull(),
  printedName: text("printed_name").notNull(),
  completionDate: date("completion_date", { mode: "string" }).notNull(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
});

export type IssuedCertificateRow = typeof certificates.$inferSelect;
