import { isUpstreamFailure } from "../lib/content/reader.server";
import { CONTENT_CACHE, CONTENT_CACHE_PREFIX } from "../lib/content/shell.server";
import { loadSitemapEntries } from "../lib/content/sitemap.server";
import { PUBLIC_PAGE_CACHE } from "../lib/http-cache";
import { absoluteUrl } from "../lib/seo";
import type { Route } from "./+types/sitemap";

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (character) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[character]};`,
  );

/** Every indexed content page; the slice simulator, previews and thank-you pages are not. */
export async function loader({ context }: Route.LoaderArgs) {
  const { content, cache, config, logger } = context.services;
  let entries: Awaited<ReturnType<typeof loadSitemapEntries>>;
  try {
    entries = await cache.fetch(
      `${CONTENT_CACHE_PREFIX}sitemap`,
      () => loadSitemapEntries(content),
      CONTENT_CACHE,
    );
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    logger.error({ err: error }, "could not build the sitemap");
    return new Response("The sitemap is unavailable for a moment.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
    });
  }
  const urls = entries
    .map(
      (entry) =>
        `  <url><loc>${escapeXml(absoluteUrl(config.publicUrl, entry.path))}</loc><lastmod>${entry.lastModified}</lastmod></url>`,
    )
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": PUBLIC_PAGE_CACHE,
    },
  });
}
