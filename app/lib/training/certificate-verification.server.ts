import type { RouterContextProvider } from "react-router";
import { formatDate } from "../content/content-document.server";
import { shellOrFallback } from "../content/reader.server";
import { servicesContext } from "../request-context.server";
import { normaliseCertificateCode } from "./certificate-code.server";
import { findCertificate } from "./certificate-registry.server";
import { shopDay } from "./certificates";

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
  context: Readonly<RouterContextProvider>,
  typed: string,
): Promise<Verification> {
  const services = context.get(servicesContext);
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
    // A moment, not a day: the day it fell on in the shop's time zone, as the account dates it.
    issuedLabel: formatDate(shopDay(issued.issuedAt)),
    issuer: shell.siteName,
  };
}
