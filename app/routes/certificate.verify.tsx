import { data, Form, redirect } from "react-router";
import type { PageQueryHandle } from "../lib/page-cache";
import { certificateHeaders } from "../lib/training/certificate-access.server";
import { verifyCertificate } from "../lib/training/certificate-verification.server";
import type { Route } from "./+types/certificate.verify";

// The query parameters this page reads; the page cache ignores any other (decision 008).
export const handle = { pageQuery: ["code"] } satisfies PageQueryHandle;

/**
 * `/certificate/verify/{code}`: anyone (an employer, an inspector) checks that a certificate code
 * is genuine, and for whom and which course. `/certificate/verify?code=` is the form's address.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const typed = params.code ?? new URL(request.url).searchParams.get("code")?.trim();
  if (!params.code && typed) {
    throw redirect(`/certificate/verify/${encodeURIComponent(typed)}`);
  }
  const verification = typed ? await verifyCertificate(request, context, typed) : null;
  return data(
    { verification },
    { status: verification?.genuine === false ? 404 : 200, headers: certificateHeaders() },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Verify a certificate" },
  { name: "robots", content: "noindex" },
];

export default function VerifyCertificate({ loaderData }: Route.ComponentProps) {
  const { verification } = loaderData;
  return (
    <div className="container-page max-w-3xl py-12">
      <h1 className="text-3xl font-bold text-lagoon-900">Verify a certificate</h1>
      {verification?.genuine ? (
        <section
          aria-labelledby="verification-result"
          className="mt-6 rounded-xl border border-emerald-300 bg-emerald-50 p-6"
        >
          <h2 id="verification-result" className="text-xl font-semibold text-emerald-900">
            Genuine certificate
          </h2>
          <p className="mt-2 text-slate-800">
            {verification.issuer} issued this certificate to {verification.printedName} for
            completing {verification.courseName}.
          </p>
          <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
            {[
              ["Certificate code", verification.code],
              ["Awarded to", verification.printedName],
              ["Course", verification.courseName],
              ["Completed on", verification.completionLabel],
              ["Issued by", verification.issuer],
              ["First issued on", verification.issuedLabel],
            ].map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="font-semibold text-slate-700">{term}</dt>
                <dd className="text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {verification && !verification.genuine ? (
        <section
          aria-labelledby="verification-result"
          className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-6"
        >
          <h2 id="verification-result" className="text-xl font-semibold text-amber-900">
            Certificate not found
          </h2>
          <p className="mt-2 text-slate-800">
            No certificate has the code {verification.code}. Check the code as it is printed on the
            certificate; if it still is not found, the certificate was not issued by us.
          </p>
        </section>
      ) : null}
      <Form
        method="get"
        action="/certificate/verify"
        className="mt-8 flex flex-wrap items-end gap-3"
      >
        <div>
          <label htmlFor="certificate-code" className="block font-medium text-slate-800">
            Certificate code
          </label>
          <input
            id="certificate-code"
            name="code"
            required
            placeholder="LGN-XXXX-XXXX"
            autoComplete="off"
            className="mt-1 rounded-md border border-slate-400 px-3 py-2 font-mono uppercase"
          />
        </div>
        <button
          type="submit"
          className="rounded-md bg-lagoon-700 px-4 py-2 font-semibold text-white hover:bg-lagoon-800"
        >
          Verify
        </button>
      </Form>
    </div>
  );
}
