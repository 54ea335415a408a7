import { Tags } from "../components/content/news-card";
import { PageHeader, StructuredData } from "../components/content/page-parts";
import { PreviewBanner } from "../components/content/preview-banner";
import { contentPageMeta } from "../lib/content/content-page";
import { loadContentPage } from "../lib/content/content-page.server";
import { loadNewsArticle } from "../lib/content/pages.server";
import { readJsonText } from "../lib/json-text";
import type { PageQueryHandle } from "../lib/page-cache";
import { articleJsonLd } from "../lib/seo";
import { ContentImg, RichHtml } from "../slices/parts";
import { SliceZone } from "../slices/slice-zone";
import type { Route } from "./+types/news-article";

// This page reads no query parameter; the page cache ignores them all (decision 008).
export const handle = { pageQuery: [] } satisfies PageQueryHandle;

export const loader = (args: Route.LoaderArgs) =>
  loadContentPage(args, {
    load: (content) => ({ article: loadNewsArticle(content, args.params.uid) }),
    trail: [{ name: "News", path: "/news" }],
    seo: ({ article }) => ({
      page: article,
      description: article.excerpt,
      image: article.coverImage,
      type: "article",
      jsonLd: ({ shell, publicUrl, seo }) => [
        articleJsonLd({
          shell,
          publicUrl,
          canonical: seo.canonical,
          headline: article.title,
          description: seo.description,
          image: article.meta.image ?? article.coverImage,
          datePublished: article.date,
          dateModified: article.lastPublished,
          author: article.author,
        }),
      ],
    }),
  });

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = contentPageMeta;

export default function NewsArticle({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData;
  const { article, crumbs, seo } = readJsonText(loaderData.content);
  return (
    <>
      <PreviewBanner preview={preview} />
      <StructuredData seo={seo} />
      <article>
        <PageHeader title={article.title} crumbs={crumbs}>
          <p className="mt-3 text-slate-600">
            <time dateTime={article.date}>{article.dateLabel}</time>
            {article.author ? <span> · {article.author}</span> : null}
          </p>
          <div className="mt-3">
            <Tags tags={article.tags} />
          </div>
        </PageHeader>
        <div className="container-page">
          {article.coverImage ? (
            <ContentImg
              image={article.coverImage}
              sizes="(min-width: 1280px) 1216px, 100vw"
              priority
              className="aspect-[16/9] w-full rounded-xl object-cover"
            />
          ) : null}
          <RichHtml
            html={article.bodyHtml}
            className="prose-content mx-auto mt-8 max-w-3xl text-lg text-slate-800"
          />
        </div>
        <SliceZone slices={article.slices} />
      </article>
    </>
  );
}
