import { SlicePage } from "../components/content/page-parts";
import { PreviewBanner } from "../components/content/preview-banner";
import { contentPageMeta } from "../lib/content/content-page";
import { loadContentPage } from "../lib/content/content-page.server";
import { loadPageByUid } from "../lib/content/pages.server";
import { readJsonText } from "../lib/json-text";
import type { PageQueryHandle } from "../lib/page-cache";
import type { Route } from "./+types/page";

// This page reads no query parameter; the page cache ignores them all (decision 008).
export const handle = { pageQuery: [] } satisfies PageQueryHandle;

/**
 * `/{uid}`: a standard page, and `/store/{uid}`: the shop's own content pages (delivery, returns,
 * buying guides) — product §2. One module, two route ids.
 */
export const loader = ({ request, params, context }: Route.LoaderArgs) => {
  const type = new URL(request.url).pathname.startsWith("/store/") ? "shop_page" : "standard_page";
  return loadContentPage(
    { request, context },
    {
      load: (content) => ({ page: loadPageByUid(content, type, params.uid) }),
      seo: ({ page }) => ({ page }),
    },
  );
};

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = contentPageMeta;

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData;
  const { page } = readJsonText(loaderData.content);
  return (
    <>
      <PreviewBanner preview={preview} />
      <SlicePage title={page.title} introHtml={page.introHtml} slices={page.slices} />
    </>
  );
}
