import { desc } from "drizzle-orm";
import { z } from "zod";
import type { DatabaseHandle } from "../database";
import { mailOutbox } from "./outbox-schema";

/** The database, or a transaction on it: mail enqueued in a transaction commits with it. */
type Database = Pick<DatabaseHandle["db"], "insert" | "select">;

// A CR or LF in a header value would let a caller smuggle in extra headers (Bcc: …).
const headerValue = z
  .string()
  .trim()
  .min(1)
  .max(998)
  .refine((value) => !/[\r\n]/.test(value), "must be a single line");

export const MailInputSchema = z.object({
  to: z.email(),
  subject: headerValue,
  text: z.string().min(1),
  html: z.string().min(1).optional(),
  kind: z.string().regex(/^[a-z][a-z0-9-]*$/, "must be kebab-case, e.g. purchase-order"),
  /** Where replies go, when not to the shop (an enquiry's customer). */
  replyTo: z.email().max(254).optional(),
});

export type MailInput = z.input<typeof MailInputSchema>;

export const ListMailOptionsSchema = z.object({
  limit: z.number().int().min(1).max(500).default(50),
});

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  replyTo: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export class InvalidMailError extends Error {
  override name = "InvalidMailError";
  readonly issues: z.core.$ZodIssue[];

  constructor(error: z.ZodError) {
    super(`Invalid mail: ${z.prettifyError(error)}`);
    this.issues = error.issues;
  }
}

export async function enqueueMail(db: Database, input: MailInput): Promise<MailMessage> {
  const parsed = MailInputSchema.safeParse(input);
  if (!parsed.success) throw new InvalidMailError(parsed.error);
  const mail = parsed.data;

  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      kind: mail.kind,
      replyTo: mail.replyTo ?? null,
      // The worker asks "due by now?" with this process's clock, in milliseconds; the database's
      // now() has microseconds, so mail written in the same millisecond looked not yet due.
      nextAttemptAt: new Date(),
    })
    .returning();
  if (!row) throw new Error("Inserting into mail_outbox returned no row");
  return toMailMessage(row);
}

/** Newest first. */
export async function listMail(
  db: Database,
  options: { limit?: number } = {},
): Promise<MailMessage[]> {
  const { limit } = ListMailOptionsSchema.parse(options);
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.sequenceNumber))
    .limit(limit);
  return rows.map(toMailMessage);
}

function toMailMessage(row: typeof mailOutbox.$inferSelect): MailMessage {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    kind: row.kind,
    replyTo: row.replyTo,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
  };
}
