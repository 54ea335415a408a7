import { data, Link, redirect } from "react-router";
import { prismic } from "../lib/content/client.server";
import { resolveDocumentPath } from "../lib/content/link-resolver";
import { clearPreviewCookie, isPreviewToken, previewCookie } from "../lib/content/preview.server";
import { isUpstreamFailure } from "../lib/content/reader.server";
import { PREVIEW_PAGE_CACHE } from "../lib/http-cache";
import { readPageForm } from "../lib/request-body.server";
import { servicesContext } from "../lib/request-context.server";
import { safeRedirectPath } from "../lib/safe-redirect";
import type { Route } from "./+types/preview";

type Problem = "incomplete" | "invalid" | "expired" | "missing-document";

const PROBLEMS: Record<Problem, { status: number; heading: string; text: string }> = {
  incomplete: {
    status: 400,
    heading: "This preview link is incomplete",
    text: "A preview link needs both a preview token and a document. Open the preview again from Prismic.",
  },
  invalid: {
    status: 400,
    heading: "This is not a preview link",
    text: "The preview token in this link is not one Prismic issues. Open the preview again from Prismic.",
  },
  expired: {
    status: 404,
    heading: "This preview has expired",
    text: "The preview session has ended or does not exist. Open the preview again from Prismic to see the latest drafts.",
  },
  "missing-document": {
    status: 404,
    heading: "The previewed document was not found",
    text: "The preview session does not contain the document this link points to. It may have been deleted.",
  },
};

const noStore = { "Cache-Control": PREVIEW_PAGE_CACHE };

function problem(kind: Problem) {
  return data({ problem: kind }, { status: PROBLEMS[kind].status, headers: noStore });
}

/**
 * Prismic sends editors here with `?token=…&documentId=…`: resolve the document's page in the
 * preview session, keep the token in Prismic's cookie and go there.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { content, config, logger } = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  const documentID = params.get("documentId");
  if (!token || !documentID) return problem("incomplete");
  if (!isPreviewToken(token)) return problem("invalid");

  let path: string;
  try {
    path = await content.resolvePreviewURL({
      linkResolver: resolveDocumentPath,
      defaultURL: "/",
      previewToken: token,
      documentID,
    });
  } catch (error) {
    if (error instanceof prismic.PreviewTokenExpiredError) return problem("expired");
    if (error instanceof prismic.RefExpiredError) return problem("expired");
    if (error instanceof prismic.NotFoundError) return problem("missing-document");
    if (isUpstreamFailure(error)) {
      logger.error({ err: error }, "could not resolve a preview");
      throw data(null, { status: 503, headers: noStore });
    }
    throw error;
  }
  throw redirect(safeRedirectPath(path), {
    headers: {
      ...noStore,
      "Set-Cookie": previewCookie(token, config.publicUrl.startsWith("https:")),
    },
  });
}

/** The preview banner's "Exit preview": forget the session and show the published page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPageForm(request);
  throw redirect(safeRedirectPath(form.get("next")), {
    headers: {
      ...noStore,
      "Set-Cookie": clearPreviewCookie(
        context.get(servicesContext).config.publicUrl.startsWith("https:"),
      ),
    },
  });
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  const heading = loaderData ? PROBLEMS[loaderData.problem].heading : "Preview";
  return [{ title: `${heading} — Preview` }, { name: "robots", content: "noindex" }];
}

export default function Preview({ loaderData }: Route.ComponentProps) {
  const { heading, text } = PROBLEMS[loaderData.problem];
  return (
    <div className="container-page flex flex-col items-center py-24 text-center">
      <h1 className="text-4xl font-bold text-lagoon-900">{heading}</h1>
      <p className="mt-4 max-w-xl text-lg text-slate-700">{text}</p>
      <Link
        to="/"
        reloadDocument
        className="mt-8 inline-flex rounded-md bg-lagoon-700 px-5 py-3 font-semibold text-white hover:bg-lagoon-800"
      >
        Go to the published site
      </Link>
    </div>
  );
}
