import type { QrCode } from "./certificate-qr.server";

/** A certificate as printed, on the page and in the PDF alike. */
export interface PrintedCertificate {
  code: string;
  /** The certificate's `id` (product §3), the `{course}` of /certificate/{course}. */
  courseId: string;
  courseName: string;
  printedName: string;
  /** YYYY-MM-DD, from the customer's course metafields (product §5), never from the URL. */
  completionDate: string;
  /** "15 August 2025" */
  completionLabel: string;
  /** The shop's name, from the content settings. */
  issuer: string;
  verifyUrl: string;
  qr: QrCode;
}
