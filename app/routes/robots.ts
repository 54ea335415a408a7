import { PUBLIC_PAGE_CACHE } from "../lib/http-cache";
import type { PageQueryHandle } from "../lib/page-cache";
import { servicesContext } from "../lib/request-context.server";
import type { Route } from "./+types/robots";

// This page reads no query parameter; the page cache ignores them all (decision 008).
export const handle = { pageQuery: [] } satisfies PageQueryHandle;

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(servicesContext).config;
  const body = [
    "User-agent: *",
    "Disallow: /preview",
    "Disallow: /slice-simulator",
    "Disallow: /api/",
    "Disallow: /account",
    "Disallow: /_emulators/",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_PAGE_CACHE },
  });
}
