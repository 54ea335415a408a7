import { data } from "react-router";
import type { PageQueryHandle } from "../lib/page-cache";
import { servicesContext } from "../lib/request-context.server";
import {
  chunk,
  loadSitemap,
  pageCount,
  SITEMAP_KINDS,
  type SitemapKind,
  unavailable,
  urlsetXml,
  xmlResponse,
} from "../lib/sitemap.server";
import type { Route } from "./+types/sitemap-part";

// This page reads no query parameter; the page cache ignores them all (decision 008).
export const handle = { pageQuery: [] } satisfies PageQueryHandle;

/** /sitemap/{pages|collections|products}/{n}.xml: one file of the sitemap index. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const kind = params.kind as SitemapKind;
  const page = Number(/^([1-9]\d{0,4})\.xml$/.exec(params.page)?.[1]);
  if (!SITEMAP_KINDS.includes(kind) || !page) throw data(null, { status: 404 });
  let entries: Awaited<ReturnType<typeof loadSitemap>>;
  try {
    entries = await loadSitemap(context, kind);
  } catch (error) {
    return unavailable(context, error);
  }
  if (page > pageCount(entries)) throw data(null, { status: 404 });
  return xmlResponse(
    urlsetXml(context.get(servicesContext).config.publicUrl, chunk(entries, page)),
  );
}
