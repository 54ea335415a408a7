import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "../database";
import { enqueueMail } from "../mail/outbox.server";
import type { Enquiry } from "./enquiry";
import { enquiryMail } from "./enquiry-mail";
import { type EnquiryRow, enquiries } from "./enquiry-schema";

type Db = DatabaseHandle["db"];

export interface SubmitEnquiryInput extends Omit<Enquiry, "id" | "createdAt"> {
  /** The same key twice is one enquiry (a double click, a re-sent POST). */
  submissionKey: string;
}

export interface EnquiryMailSettings {
  staffEmail: string;
  /** The shop's public origin: the product's link in the email points at it. */
  publicUrl: string;
}

/**
 * Stores an enquiry and the staff email about it in one transaction (product §4): both or
 * neither. The same submission key gives the first enquiry back (`created: false`) and no second
 * email, however concurrently the form is posted.
 */
export async function submitEnquiry(
  db: Db,
  input: SubmitEnquiryInput,
  mail: EnquiryMailSettings,
): Promise<{ enquiry: Enquiry; created: boolean }> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(enquiries)
      .values({
        submissionKey: input.submissionKey,
        name: input.name,
        email: input.email,
        phone: input.phone,
        message: input.message,
        productHandle: input.product?.handle ?? null,
        productTitle: input.product?.title ?? null,
      })
      .onConflictDoNothing({ target: enquiries.submissionKey })
      .returning();
    if (!row) return null;
    const enquiry = toEnquiry(row);
    await enqueueMail(tx, {
      to: mail.staffEmail,
      kind: "enquiry",
      replyTo: enquiry.email,
      ...enquiryMail(enquiry, mail.publicUrl),
    });
    return enquiry;
  });
  if (created) return { enquiry: created, created: true };
  const [existing] = await db
    .select()
    .from(enquiries)
    .where(eq(enquiries.submissionKey, input.submissionKey));
  if (!existing) throw new Error("An enquiry conflicted on its key but cannot be read");
  return { enquiry: toEnquiry(existing), created: false };
}

function toEnquiry(row: EnquiryRow): Enquiry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    product: row.productHandle ? { handle: row.productHandle, title: row.productTitle } : null,
    createdAt: row.createdAt,
  };
}
