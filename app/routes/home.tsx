import { SlicePage, StructuredData } from "../components/content/page-parts";
import { PreviewBanner } from "../components/content/preview-banner";
import { contentPageMeta } from "../lib/content/content-page";
import { loadContentPage } from "../lib/content/content-page.server";
import { loadHomePage } from "../lib/content/pages.server";
import { readJsonText } from "../lib/json-text";
import type { PageQueryHandle } from "../lib/page-cache";
import { organisationJsonLd } from "../lib/seo";
import type { Route } from "./+types/home";

// This page reads no query parameter; the page cache ignores them all (decision 008).
export const handle = { pageQuery: [] } satisfies PageQueryHandle;

export const loader = (args: Route.LoaderArgs) =>
  loadContentPage(args, {
    load: (content) => ({ page: loadHomePage(content) }),
    seo: ({ page }) => ({
      page,
      isHome: true,
      jsonLd: ({ shell, publicUrl }) => [organisationJsonLd(shell, publicUrl)],
    }),
  });

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = contentPageMeta;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData;
  const { page, seo } = readJsonText(loaderData.content);
  return (
    <>
      <PreviewBanner preview={preview} />
      <StructuredData seo={seo} />
      <SlicePage title={page.title} slices={page.slices} />
    </>
  );
}
