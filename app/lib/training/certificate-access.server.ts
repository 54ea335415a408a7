import { data, type RouterContextProvider } from "react-router";
import { formatDate } from "../content/content-document.server";
import { shellOrFallback } from "../content/reader.server";
import type { AppContext } from "../context.server";
import { type CustomerProfile, customerAccount } from "../customer/account.server";
import { readFreshSession } from "../customer/fresh-session.server";
import { withCookies } from "../customer/session.server";
import { servicesContext } from "../request-context.server";
import { absoluteUrl } from "../seo";
import { certificateCode } from "./certificate-code.server";
import { hasSignedLink, readSignedLink, signedLinkQuery } from "./certificate-link.server";
import type { PrintedCertificate } from "./certificate-printed";
import { qrCode } from "./certificate-qr.server";
import {
  findCertificate,
  type IssuedCertificate,
  issueCertificate,
} from "./certificate-registry.server";
import type { Certificate } from "./certificates";
import { loadCustomerCertificates } from "./certificates.server";

/** A certificate the request may see, and how to reach it again (its PDF, a shared link). */
export interface CertificateAccess {
  certificate: PrintedCertificate;
  /** The query that opens this same certificate: the holder's `?name=`, or the signed link's. */
  query: string;
  /** A link for someone who cannot sign in as the holder; only the holder gets one. */
  shareQuery: string | null;
  /** Set-Cookie headers of a session refreshed on the way. */
  setCookies: string[];
}

type Services = AppContext;

/** A certificate is personal: no shared cache keeps it and no search engine lists it. */
export function certificateHeaders(setCookies: string[] = [], init: HeadersInit = {}): Headers {
  return withCookies(setCookies, {
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
    ...init,
  });
}

/** The 404 page, which no shared cache may keep either: the same URL works for its holder. */
function notHeld(): never {
  throw data(null, { status: 404, headers: certificateHeaders() });
}

/**
 * product §2, §5: the certificate `/certificate/{course}` shows, or the 404 page. It shows only a
 * certificate the signed-in customer holds (a completed course of their metafields), or the one
 * a valid signed link names. Anyone else, signed in or not, gets 404, so a URL tells a stranger
 * nothing. `?name=` may only print the customer's own name; `?date=` is ignored: the date is the
 * metafields'.
 */
export async function requireCertificate(
  request: Request,
  context: Readonly<RouterContextProvider>,
  courseId: string,
): Promise<CertificateAccess> {
  const services = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  if (hasSignedLink(params)) return fromSignedLink(services, request, courseId, params);

  const fresh = await readFreshSession(request, services);
  if (fresh.status === "unavailable") throw data(null, { status: 503 });
  if (fresh.status !== "signed-in") notHeld();

  const [profile, shell] = await Promise.all([
    customerAccount(services, fresh.session).profile(),
    shellOrFallback(request, services),
  ]);
  const certificates = await loadCustomerCertificates(request, services, profile.courses);
  const held = certificates.find(
    (certificate) => certificate.id === courseId && certificate.status === "completed",
  );
  if (!held?.completion_date) notHeld();

  const issued = await issue(services, profile, held, held.completion_date, params.get("name"));
  const shareQuery = signedLinkQuery(services.config.sessionSecret, {
    courseId,
    code: issued.code,
  });
  return {
    certificate: printed(services, issued, shell.siteName),
    query: new URLSearchParams({ name: issued.printedName }).toString(),
    shareQuery,
    setCookies: fresh.setCookies,
  };
}

async function fromSignedLink(
  services: Services,
  request: Request,
  courseId: string,
  params: URLSearchParams,
): Promise<CertificateAccess> {
  const code = readSignedLink(services.config.sessionSecret, courseId, params);
  const issued = code ? await findCertificate(services.database.db, code) : null;
  if (!issued || issued.courseId !== courseId) notHeld();
  const shell = await shellOrFallback(request, services);
  const query = new URLSearchParams(
    ["code", "expires", "sig"].map((key) => [key, params.get(key) ?? ""]),
  ).toString();
  return {
    certificate: printed(services, issued, shell.siteName),
    query,
    shareQuery: null,
    setCookies: [],
  };
}

function issue(
  { config, database }: Services,
  profile: CustomerProfile,
  held: Certificate,
  completionDate: string,
  requestedName: string | null,
): Promise<IssuedCertificate> {
  const identity = {
    customerId: profile.id,
    courseId: held.id,
    completionDate,
    printedName: printedName(requestedName, holderNames(profile)),
  };
  return issueCertificate(database.db, {
    ...identity,
    code: certificateCode(config.sessionSecret, identity),
    courseName: held.course_name,
  });
}

/**
 * The names a customer may print on their certificate: their own. Course participants would
 * belong here too, but neither the Customer Account API's orders as Lagoon reads them nor the
 * emulator carry the cart's "Participant n Name" attributes, so a certificate never names them.
 */
export function holderNames(
  profile: Pick<CustomerProfile, "firstName" | "lastName" | "displayName">,
) {
  return [`${profile.firstName} ${profile.lastName}`.trim() || profile.displayName];
}

const comparable = (name: string) =>
  name.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();

/** The requested name as the customer's records spell it, or else their own name: never a new one. */
export function printedName(requested: string | null, allowed: readonly string[]): string {
  const wanted = comparable(requested ?? "");
  return allowed.find((name) => comparable(name) === wanted) ?? allowed[0] ?? "";
}

function printed(
  { config }: Services,
  issued: IssuedCertificate,
  issuer: string,
): PrintedCertificate {
  const verifyUrl = absoluteUrl(config.publicUrl, `/certificate/verify/${issued.code}`);
  return {
    code: issued.code,
    courseId: issued.courseId,
    courseName: issued.courseName,
    printedName: issued.printedName,
    completionDate: issued.completionDate,
    completionLabel: formatDate(issued.completionDate),
    issuer,
    verifyUrl,
    qr: qrCode(verifyUrl),
  };
}
