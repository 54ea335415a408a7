import type { AppLoadContext } from "react-router";
import { formatDate } from "../content/content-document.server";
import { shellOrFallback } from "../content/reader.server";
import { normaliseCertificateCode } from "./certificate-code.server";
import { findCertificate } from "./certificate-registry.server";

/** What `/certificate/verify/{code}` tells anyone about a code (product §5, certificate codes). */
export type Verification =
  | {
      genuine: true;
      code: string;
      printedName: string;
      courseName: string;
      completionLabel: string;
      issuedLabel: string;
      issuer: string;
    }
  | { genuine: false; code: string };

export async function verifyCertificate(
  request: Request,
  { services }: AppLoadContext,
  typed: string,
): Promise<Verification> {
  const code = normaliseCertificateCode(typed);
  const issued = code ? await findCertificate(services.database.db, code) : null;
  if (!issued) return { genuine: false, code: code ?? typed };
  const shell = await shellOrFallback(request, services);
  return {
    genuine: true,
    code: issued.code,
    printedName: issued.printedName,
    courseName: issued.courseName,
    completionLabel: formatDate(issued.completionDate),
    issuedLabel: formatDate(issued.issuedAt.toISOString()),
    issuer: shell.siteName,
  };
}
