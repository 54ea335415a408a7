import { SlicePage } from "../components/content/page-parts";
import { PreviewBanner } from "../components/content/preview-banner";
import { StructuredData } from "../components/ui/structured-data";
import { loadHomePage } from "../lib/content/pages.server";
import { contentData, contentReader, notFound } from "../lib/content/reader.server";
import { buildSeo, organisationJsonLd, seoMeta } from "../lib/seo";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const content = contentReader(request, context.services);
  const [page, shell] = await Promise.all([loadHomePage(content), content.shell()]);
  if (!page) notFound();
  const { publicUrl } = context.services.config;
  return contentData(content, {
    page,
    seo: buildSeo({
      shell,
      publicUrl,
      path: "/",
      title: page.title,
      meta: page.meta,
      isHome: true,
      jsonLd: [organisationJsonLd(shell, publicUrl)],
    }),
  });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page, preview, seo } = loaderData;
  return (
    <>
      <PreviewBanner preview={preview} />
      <StructuredData jsonLd={seo.jsonLd} />
      <SlicePage title={page.title} slices={page.slices} />
    </>
  );
}
