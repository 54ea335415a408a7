import { Link } from "react-router";
import { NewsCard } from "../components/content/news-card";
import { PageHeader } from "../components/content/page-parts";
import { PreviewBanner } from "../components/content/preview-banner";
import { contentPageMeta } from "../lib/content/content-page";
import { loadContentPage } from "../lib/content/content-page.server";
import { loadNewsList, loadSectionHome } from "../lib/content/pages.server";
import { notFound } from "../lib/content/reader.server";
import { readJsonText } from "../lib/json-text";
import type { PageQueryHandle } from "../lib/page-cache";
import { SliceZone } from "../slices/slice-zone";
import type { Route } from "./+types/news";

// The query parameters this page reads; the page cache ignores any other (decision 008).
export const handle = { pageQuery: ["page"] } satisfies PageQueryHandle;

/** `/news?page=N`: newest first, NEWS_PAGE_SIZE a page. */
function pageNumber(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get("page");
  if (raw === null) return 1;
  return /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : null;
}

export function loader(args: Route.LoaderArgs) {
  const page = pageNumber(args.request);
  if (page === null) notFound();
  return loadContentPage(args, {
    load: (content) => ({
      home: loadSectionHome(content, "news_blog_home"),
      list: loadNewsList(content, page),
    }),
    seo: ({ home }) =>
      page > 1
        ? {
            page: home,
            path: `/news?page=${page}`,
            title: `${home.title} (page ${page})`,
            meta: { ...home.meta, title: "" },
          }
        : { page: home },
  });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = contentPageMeta;

export default function News({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData;
  const { home, list } = readJsonText(loaderData.content);
  const pageHref = (page: number) => (page > 1 ? `/news?page=${page}` : "/news");
  return (
    <>
      <PreviewBanner preview={preview} />
      <PageHeader title={home.title} introHtml={home.introHtml} />
      <div className="container-page py-6">
        <ul className="grid gap-8 md:grid-cols-2">
          {list.articles.map((article) => (
            <li key={article.uid}>
              <NewsCard article={article} />
            </li>
          ))}
        </ul>
        {list.totalPages > 1 ? (
          <nav aria-label="News pages" className="mt-10 flex items-center justify-between gap-4">
            {list.page > 1 ? (
              <Link
                to={pageHref(list.page - 1)}
                className="font-semibold text-lagoon-700 underline"
              >
                Newer articles
              </Link>
            ) : (
              <span />
            )}
            <p className="text-slate-600">
              Page {list.page} of {list.totalPages}
            </p>
            {list.page < list.totalPages ? (
              <Link
                to={pageHref(list.page + 1)}
                className="font-semibold text-lagoon-700 underline"
              >
                Older articles
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
      <SliceZone slices={home.slices} />
    </>
  );
}
