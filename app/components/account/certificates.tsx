import { type MouseEvent, useState } from "react";
import { Link } from "react-router";
import {
  type Certificate,
  certificatePath,
  certificatePdfPath,
} from "../../lib/training/certificates";

/** product §8. */
export const POPUP_BLOCKED =
  "Pop-up blocked. Please allow pop-ups for this site to download certificates.";

/** product §9: the certificate opens in a pop-up window of 1000x700. */
const POPUP_FEATURES = "width=1000,height=700";

const formatDay = (day: string) =>
  new Intl.DateTimeFormat("en-AU", { dateStyle: "long", timeZone: "UTC" }).format(Date.parse(day));

/**
 * The customer's courses (product §3 Certificate, §4 states): a card per course; completed ones
 * open their certificate in a pop-up, or a new tab before the page is interactive.
 */
export function Certificates({
  certificates,
  holder,
}: {
  certificates: Certificate[];
  holder: string;
}) {
  const [blocked, setBlocked] = useState(false);

  const openPopup = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const popup = window.open(event.currentTarget.href, "certificate", POPUP_FEATURES);
    if (popup) popup.opener = null;
    setBlocked(!popup);
  };

  return (
    <section id="certificates" aria-labelledby="certificates-heading">
      <h2 id="certificates-heading" className="text-xl font-semibold text-lagoon-900">
        Certificates
      </h2>
      <p role="alert" className={blocked ? "mt-3 rounded-md bg-red-50 p-3 text-red-800" : ""}>
        {blocked ? POPUP_BLOCKED : ""}
      </p>
      {certificates.length === 0 ? (
        <p className="mt-3 text-slate-700">
          You haven't taken a course with us yet.{" "}
          <Link to="/training-centre" className="font-semibold text-lagoon-800 underline">
            Explore the Training Centre
          </Link>
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {certificates.map((certificate) => (
            <li key={certificate.id}>
              <CertificateCard certificate={certificate} holder={holder} onView={openPopup} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CertificateCard({
  certificate,
  holder,
  onView,
}: {
  certificate: Certificate;
  holder: string;
  onView: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const headingId = `certificate-${certificate.id}`;
  const completed = certificate.status === "completed";
  const details: [string, string | null][] = [
    [
      "Type",
      certificate.type && (certificate.type === "online" ? "Online course" : "Local course"),
    ],
    ["Completed on", certificate.completion_date && formatDay(certificate.completion_date)],
    ["Started on", certificate.started_date && formatDay(certificate.started_date)],
    ["Instructor", certificate.instructor],
    ["Next session", certificate.next_session_date && formatDay(certificate.next_session_date)],
  ];
  const query = { name: holder, date: certificate.completion_date ?? "" };

  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-lg border border-slate-200 p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="font-semibold text-lagoon-900">
          {certificate.course_name}
        </h3>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
            completed ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"
          }`}
        >
          {completed ? "Completed" : "In progress"}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {details.map(([term, value]) =>
          value ? (
            <div key={term} className="contents">
              <dt className="text-slate-600">{term}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
      <div className="mt-auto flex flex-wrap gap-x-4 gap-y-2 pt-4 text-sm font-semibold">
        {completed ? (
          <>
            <a
              href={certificatePath(certificate.id, query)}
              target="_blank"
              rel="noopener"
              onClick={onView}
              className="text-lagoon-800 underline"
            >
              View certificate
            </a>
            <a
              href={certificatePdfPath(certificate.id, query)}
              download
              className="text-lagoon-800 underline"
            >
              Download PDF
            </a>
          </>
        ) : null}
        {certificate.course_url ? (
          <Link to={certificate.course_url} className="text-lagoon-800 underline">
            Course page
          </Link>
        ) : null}
      </div>
    </article>
  );
}
