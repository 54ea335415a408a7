import type { FileLink } from "../../lib/commerce/product-files";

function FileIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 shrink-0 text-lagoon-700">
      <path
        d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M12 11v6m0 0-2.5-2.5M12 17l2.5-2.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** custom.downloads or custom.directions as links: "Owner's manual (PDF, 48 KB)". */
export function ProductFiles({ heading, files }: { heading: string; files: FileLink[] }) {
  if (files.length === 0) return null;
  return (
    <section className="mt-8 first:mt-0">
      <h2 className="text-lg font-semibold text-lagoon-900">{heading}</h2>
      <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {files.map((file) => {
          const { details } = file;
          return (
            <li key={file.id}>
              <a
                href={file.url}
                target="_blank"
                rel="noopener"
                className="flex items-center gap-3 px-4 py-3 text-slate-900 hover:bg-lagoon-50"
              >
                <FileIcon />
                <span>
                  <span className="font-medium text-lagoon-800 underline underline-offset-2">
                    {file.title}
                  </span>
                  {details ? <span className="text-slate-600"> {details}</span> : null}
                  <span className="sr-only"> (opens in a new tab)</span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
