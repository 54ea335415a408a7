import { lazy, Suspense } from "react";
import { Form, useLocation } from "react-router";
import { useNonce } from "../../components/nonce";
import type { PreviewState } from "../../lib/content/reader.server";

/**
 * The bar above a content page while an editor previews drafts (see preview-banner.tsx). Exiting
 * is a POST (it changes state) that clears Prismic's cookie and reloads the published page; it
 * works without JS.
 */
export function PreviewBar({ preview }: { preview: PreviewState }) {
  const location = useLocation();
  return (
    <section aria-label="Preview" className="border-b border-amber-300 bg-amber-100 text-amber-950">
      <div className="container-page flex flex-wrap items-center justify-between gap-3 py-2">
        <p>
          <strong className="font-semibold">Preview</strong> — you are looking at unpublished
          content.
        </p>
        <Form method="post" action="/preview" reloadDocument>
          <input type="hidden" name="next" value={location.pathname + location.search} />
          <button
            type="submit"
            className="rounded-md bg-amber-950 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-900"
          >
            Exit preview
          </button>
        </Form>
      </div>
      {preview.toolbar ? <Toolbar {...preview.toolbar} /> : null}
    </section>
  );
}

// Only editors previewing a connected repository load @prismicio/react's toolbar component.
const PrismicToolbar = lazy(() =>
  import("@prismicio/react").then((module) => ({ default: module.PrismicToolbar })),
);

/**
 * Prismic's toolbar (connected mode). The script is rendered on the server with the CSP nonce;
 * PrismicToolbar finds it there instead of inserting a nonce-less copy the CSP would block.
 */
function Toolbar({ repositoryName, src }: NonNullable<PreviewState["toolbar"]>) {
  const nonce = useNonce();
  return (
    <>
      <script
        src={src}
        nonce={nonce}
        defer
        data-prismic-toolbar=""
        data-repository-name={repositoryName}
      />
      <Suspense fallback={null}>
        <PrismicToolbar repositoryName={repositoryName} />
      </Suspense>
    </>
  );
}
