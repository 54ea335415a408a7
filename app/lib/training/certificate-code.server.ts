import { createHmac } from "node:crypto";

// product §5, certificate codes: `LGN-XXXX-XXXX`, eight characters of Crockford's base32 (no I,
// L, O or U, so a code read aloud or typed from paper survives), keyed with the session secret
// so nobody can work out a customer's code from what is printed on someone else's certificate.

export const CERTIFICATE_CODE_PATTERN = /^LGN-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_CHARACTERS = 8;

/** What makes a certificate the same one: the same customer, course, date and printed name. */
export interface CertificateIdentity {
  customerId: string;
  courseId: string;
  /** YYYY-MM-DD */
  completionDate: string;
  printedName: string;
}

/** The certificate's code: the same identity always gets the same code. */
export function certificateCode(secret: string, identity: CertificateIdentity): string {
  const digest = createHmac("sha256", secret)
    .update(
      JSON.stringify([
        "lagoon-certificate-code",
        identity.customerId,
        identity.courseId,
        identity.completionDate,
        identity.printedName,
      ]),
    )
    .digest();
  let characters = "";
  // 5 bits per character from the digest's first 40 bits.
  const bits = digest.readUIntBE(0, 5);
  for (let index = CODE_CHARACTERS - 1; index >= 0; index -= 1) {
    characters += ALPHABET[Math.floor(bits / 2 ** (5 * index)) % 32];
  }
  return `LGN-${characters.slice(0, 4)}-${characters.slice(4)}`;
}

/**
 * A code as someone typed it, in the canonical form, or null when it cannot be one: case and
 * spaces do not matter, dashes are optional, and the letters base32 leaves out read as the digits
 * they look like (O as 0, I and L as 1).
 */
export function normaliseCertificateCode(input: string): string | null {
  const plain = input.toUpperCase().replace(/[\s-]/g, "");
  const body = (plain.startsWith("LGN") ? plain.slice(3) : plain)
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  const code = `LGN-${body.slice(0, 4)}-${body.slice(4)}`;
  return body.length === CODE_CHARACTERS && CERTIFICATE_CODE_PATTERN.test(code) ? code : null;
}
