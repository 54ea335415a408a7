import type { RouterContextProvider } from "react-router";
import {
  loadCollectionSitemap,
  loadProductSitemap,
  SITEMAP_URL_LIMIT,
} from "./commerce/sitemap.server";
import { StorefrontError } from "./commerce/storefront.server";
import { isUpstreamFailure } from "./content/reader.server";
import { CONTENT_CACHE, CONTENT_CACHE_PREFIX } from "./content/shell.server";
import { loadSitemapEntries, type SitemapEntry } from "./content/sitemap.server";
import { PUBLIC_PAGE_CACHE } from "./http-cache";
import { servicesContext, shopperContext } from "./request-context.server";
import { absoluteUrl } from "./seo";

// The sitemap (issue 12, item 4), laid out as Hydrogen's: /sitemap.xml is an index of
// /sitemap/{pages,collections,products}/{n}.xml, each at most 50,000 URLs with their lastmod.

export const SITEMAP_KINDS = ["pages", "collections", "products"] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** The catalogue's lists change with the shop; a few minutes is fresh enough for crawlers. */
const CATALOG_SITEMAP_CACHE = { ttlSeconds: 300, swrSeconds: 3600 };

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (character) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[character]};`,
  );

export function loadSitemap(
  context: Readonly<RouterContextProvider>,
  kind: SitemapKind,
): Promise<SitemapEntry[]> {
  const { content, cache } = context.get(servicesContext);
  const { storefront } = context.get(shopperContext);
  switch (kind) {
    case "pages":
      return cache.fetch(
        `${CONTENT_CACHE_PREFIX}sitemap`,
        () => loadSitemapEntries(content),
        CONTENT_CACHE,
      );
    case "collections":
      return cache.fetch(
        "sitemap:collections",
        () => loadCollectionSitemap(storefront),
        CATALOG_SITEMAP_CACHE,
      );
    case "products":
      return cache.fetch(
        "sitemap:products",
        () => loadProductSitemap(storefront),
        CATALOG_SITEMAP_CACHE,
      );
  }
}

export function chunk(entries: SitemapEntry[], page: number): SitemapEntry[] {
  return entries.slice((page - 1) * SITEMAP_URL_LIMIT, page * SITEMAP_URL_LIMIT);
}

export function pageCount(entries: SitemapEntry[]): number {
  return Math.max(1, Math.ceil(entries.length / SITEMAP_URL_LIMIT));
}

/** ISO timestamps sort as text: the last is the newest. */
const latest = (entries: SitemapEntry[]) =>
  entries
    .map((entry) => entry.lastModified)
    .sort()
    .at(-1) ?? "";

export function sitemapIndexXml(
  publicUrl: string,
  files: { path: string; entries: SitemapEntry[] }[],
) {
  const items = files
    .map(({ path, entries }) => {
      const lastmod = latest(entries);
      return `  <sitemap><loc>${escapeXml(absoluteUrl(publicUrl, path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</sitemap>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

export function urlsetXml(publicUrl: string, entries: SitemapEntry[]) {
  const urls = entries
    .map(
      (entry) =>
        `  <url><loc>${escapeXml(absoluteUrl(publicUrl, entry.path))}</loc><lastmod>${entry.lastModified}</lastmod></url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function xmlResponse(xml: string): Response {
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": PUBLIC_PAGE_CACHE,
    },
  });
}

/** An upstream that cannot answer makes the sitemap unavailable for a moment, not broken. */
export function unavailable(context: Readonly<RouterContextProvider>, error: unknown): Response {
  if (!(isUpstreamFailure(error) || error instanceof StorefrontError)) throw error;
  context.get(servicesContext).logger.error({ err: error }, "could not build the sitemap");
  return new Response("The sitemap is unavailable for a moment.", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
  });
}
