import { SlicePage } from "../components/content/page-parts";
import { PreviewBanner } from "../components/content/preview-banner";
import { loadPageByUid } from "../lib/content/pages.server";
import { contentData, contentReader, notFound } from "../lib/content/reader.server";
import { buildSeo, seoMeta } from "../lib/seo";
import type { Route } from "./+types/page";

/**
 * `/{uid}`: a standard page, and `/store/{uid}`: the shop's own content pages (delivery, returns,
 * buying guides) — SPEC.md §2. One module, two route ids.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const content = contentReader(request, context.services);
  const type = new URL(request.url).pathname.startsWith("/store/") ? "shop_page" : "standard_page";
  const [page, shell] = await Promise.all([
    loadPageByUid(content, type, params.uid),
    content.shell(),
  ]);
  if (!page) notFound();
  return contentData(content, {
    page,
    seo: buildSeo({
      shell,
      publicUrl: context.services.config.publicUrl,
      path: page.path,
      title: page.title,
      meta: page.meta,
    }),
  });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page, preview } = loaderData;
  return (
    <>
      <PreviewBanner preview={preview} />
      <SlicePage title={page.title} introHtml={page.introHtml} slices={page.slices} />
    </>
  );
}
