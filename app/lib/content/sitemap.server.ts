import { filter } from "@prismicio/client";
import type { ContentClient } from "./client.server";
import { resolveDocumentPath } from "./link-resolver";

// --- sitemap --------------------------------------------------------------------------------

/** Document types with a public, indexable page; thank-you and sign-in pages are not. */
export const INDEXED_TYPES = [
  "home_page",
  "standard_page",
  "contact_page",
  "testimonials",
  "news_blog_home",
  "news_blog_page",
  "online_course_page",
  "local_course_page",
  "project_home",
  "project_page",
  "shop_page",
] as const;

export interface SitemapEntry {
  path: string;
  lastModified: string;
}

/** Every indexed document, paged through by the client (100 a page, product §9). */
export async function loadSitemapEntries(client: ContentClient): Promise<SitemapEntry[]> {
  const documents = await client.dangerouslyGetAll({
    filters: [filter.any("document.type", [...INDEXED_TYPES])],
    orderings: [{ field: "document.first_publication_date" }],
  });
  const byPath = new Map<string, SitemapEntry>();
  for (const document of documents) {
    const path = resolveDocumentPath(document);
    const lastModified = new Date(document.last_publication_date).toISOString();
    const known = byPath.get(path);
    if (!known || known.lastModified < lastModified) byPath.set(path, { path, lastModified });
  }
  return [...byPath.values()].sort((a, b) => a.path.localeCompare(b.path));
}
