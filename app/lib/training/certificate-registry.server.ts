import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "../database";
import { certificates, type IssuedCertificateRow } from "./certificate-schema";

type Database = DatabaseHandle["db"];

export type IssuedCertificate = IssuedCertificateRow;

/**
 * Records a certificate as issued, once: rendering or downloading it again finds the first record
 * (and its first `issuedAt`). The code is derived from the certificate's identity, so a second
 * record under the same code would mean a collision of the 40-bit code: an error, never a
 * silent overwrite of someone else's certificate.
 */
export async function issueCertificate(
  db: Database,
  certificate: Omit<IssuedCertificate, "issuedAt">,
): Promise<IssuedCertificate> {
  const [inserted] = await db
    .insert(certificates)
    .values(certificate)
    .onConflictDoNothing({ target: certificates.code })
    .returning();
  if (inserted) return inserted;
  const existing = await findCertificate(db, certificate.code);
  const same =
    existing &&
    existing.customerId === certificate.customerId &&
    existing.courseId === certificate.courseId &&
    existing.completionDate === certificate.completionDate &&
    existing.printedName === certificate.printedName;
  if (!existing || !same) {
    throw new Error(`Certificate code ${certificate.code} already belongs to another certificate`);
  }
  return existing;
}

export async function findCertificate(
  db: Database,
  code: string,
): Promise<IssuedCertificate | null> {
  const [row] = await db.select().from(certificates).where(eq(certificates.code, code)).limit(1);
  return row ?? null;
}
