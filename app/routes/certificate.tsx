import { data, Link } from "react-router";
import { useHydrated } from "../components/product/use-hydrated";
import { servicesContext } from "../lib/request-context.server";
import { absoluteUrl } from "../lib/seo";
import { certificateHeaders, requireCertificate } from "../lib/training/certificate-access.server";
import type { PrintedCertificate } from "../lib/training/certificate-printed";
import type { Route } from "./+types/certificate";

/** `/certificate/{course}`: the printable certificate (product §2), one A4 landscape page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const access = await requireCertificate(request, context, params.course);
  const { publicUrl } = context.get(servicesContext).config;
  const path = `/certificate/${access.certificate.courseId}`;
  return data(
    {
      certificate: access.certificate,
      pdfHref: `${path}/pdf?${access.query}`,
      shareUrl: access.shareQuery ? absoluteUrl(publicUrl, `${path}?${access.shareQuery}`) : null,
    },
    { headers: certificateHeaders(access.setCookies) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Certificate: ${loaderData?.certificate.courseName ?? "Certificate"}` },
  { name: "robots", content: "noindex" },
];

export default function CertificatePage({ loaderData }: Route.ComponentProps) {
  const { certificate, pdfHref, shareUrl } = loaderData;
  return (
    <div className="container-page py-8 print:p-0">
      <div className="mb-6 flex flex-wrap items-center gap-3 print:hidden">
        <PrintButton />
        <a
          href={pdfHref}
          download
          className="rounded-md border border-lagoon-700 px-4 py-2 font-semibold text-lagoon-800 hover:bg-lagoon-50"
        >
          Download PDF
        </a>
        <Link to={`/certificate/verify/${certificate.code}`} className="text-lagoon-700 underline">
          Check this certificate's code
        </Link>
      </div>
      <CertificateSheet certificate={certificate} />
      {shareUrl ? (
        <section
          aria-labelledby="share-heading"
          className="mx-auto mt-8 max-w-[960px] print:hidden"
        >
          <h2 id="share-heading" className="text-lg font-semibold text-lagoon-900">
            Share this certificate
          </h2>
          <p className="mt-1 text-slate-700">
            Anyone with this link can view and download the certificate for the next 30 days,
            without signing in.
          </p>
          <label htmlFor="share-link" className="sr-only">
            Link to this certificate
          </label>
          <input
            id="share-link"
            readOnly
            value={shareUrl}
            className="mt-2 w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800"
          />
        </section>
      ) : null}
    </div>
  );
}

/** `window.print()` needs JavaScript; without it the browser's own Print command does the same. */
function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) {
    return <p className="text-slate-700">Use your browser's Print command to print it.</p>;
  }
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded-md bg-lagoon-700 px-4 py-2 font-semibold text-white hover:bg-lagoon-800"
    >
      Print
    </button>
  );
}

function CertificateSheet({ certificate }: { certificate: PrintedCertificate }) {
  const { qr } = certificate;
  return (
    <article
      aria-labelledby="certificate-title"
      className="certificate-sheet mx-auto flex max-w-[960px] flex-col border-[6px] border-double border-lagoon-700 bg-white px-8 py-10 text-center text-lagoon-900 sm:aspect-[297/210] sm:px-16"
    >
      <p className="text-lg font-semibold tracking-wide text-lagoon-700">{certificate.issuer}</p>
      <h1 id="certificate-title" className="mt-4 text-4xl font-bold">
        Certificate of Completion
      </h1>
      <p className="mt-8 text-slate-600">This certifies that</p>
      <p className="mt-2 text-4xl font-bold">{certificate.printedName}</p>
      <p className="mt-6 text-slate-600">has successfully completed</p>
      <p className="mt-2 text-2xl font-semibold">{certificate.courseName}</p>
      <p className="mt-6 text-slate-600">
        Completed on{" "}
        <time dateTime={certificate.completionDate}>{certificate.completionLabel}</time>
      </p>
      <div className="mt-auto flex items-end justify-between gap-6 pt-8 text-left">
        <dl className="text-sm text-slate-700">
          <div>
            <dt className="inline font-semibold text-lagoon-900">Certificate code: </dt>
            <dd className="inline font-mono">{certificate.code}</dd>
          </div>
          <div>
            <dt className="inline font-semibold text-lagoon-900">Issued by: </dt>
            <dd className="inline">{certificate.issuer}</dd>
          </div>
          <div>
            <dt className="inline font-semibold text-lagoon-900">Verify at: </dt>
            <dd className="inline break-all">{certificate.verifyUrl}</dd>
          </div>
        </dl>
        <svg
          viewBox={`0 0 ${qr.size} ${qr.size}`}
          role="img"
          aria-label={`QR code for ${certificate.verifyUrl}`}
          className="size-24 shrink-0"
          shapeRendering="crispEdges"
        >
          <path d={qr.path} fill="currentColor" />
        </svg>
      </div>
    </article>
  );
}
