import type { PageQueryHandle } from "../lib/page-cache";
import { servicesContext } from "../lib/request-context.server";
import {
  chunk,
  loadSitemap,
  pageCount,
  SITEMAP_KINDS,
  sitemapIndexXml,
  unavailable,
  xmlResponse,
} from "../lib/sitemap.server";
import type { Route } from "./+types/sitemap";

// This page reads no query parameter; the page cache ignores them all (decision 008).
export const handle = { pageQuery: [] } satisfies PageQueryHandle;

/** The sitemap index: the content pages, the collections and the products, each in pages. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const lists = await Promise.all(SITEMAP_KINDS.map((kind) => loadSitemap(context, kind)));
    const files = SITEMAP_KINDS.flatMap((kind, index) => {
      const entries = lists[index] ?? [];
      return Array.from({ length: pageCount(entries) }, (_, page) => ({
        path: `/sitemap/${kind}/${page + 1}.xml`,
        entries: chunk(entries, page + 1),
      }));
    });
    return xmlResponse(sitemapIndexXml(context.get(servicesContext).config.publicUrl, files));
  } catch (error) {
    return unavailable(context, error);
  }
}
