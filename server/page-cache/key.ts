/**
 * Which stored page a request is for: its path and its query with the parameters sorted and
 * the marketing ones dropped (they never change the page). Not the Host: a stored page is
 * rendered for the shop's public origin whatever Host the request named, so an odd Host can
 * neither poison the cache nor split it between processes.
 */

/** Parameters that tag a visit for analytics and never change what the page shows. */
const TRACKING_PARAMS = new Set([
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
  "gclsrc",
  "fbclid",
  "msclkid",
  "yclid",
  "twclid",
  "ttclid",
  "li_fat_id",
  "igshid",
  "srsltid",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
  "_hsenc",
  "_hsmi",
]);

export function isTrackingParam(name: string): boolean {
  return name.startsWith("utm_") || TRACKING_PARAMS.has(name);
}

/**
 * The URL a page is rendered for: the request's path and query (sorted) on the shop's public
 * origin. The query keeps the parameters the page reads (`pageQuery`) when its route declares
 * them, else every parameter but the tracking ones.
 */
export function normalisedUrl(
  requestUrl: string,
  publicOrigin: string,
  pageQuery?: (pathname: string) => readonly string[] | undefined,
): URL {
  const url = new URL(requestUrl, publicOrigin);
  const normal = new URL(url.pathname, publicOrigin);
  const read = pageQuery?.(url.pathname);
  const kept = read
    ? (name: string) => read.includes(name)
    : (name: string) => !isTrackingParam(name);
  const params = [...url.searchParams].filter(([name]) => kept(name));
  params.sort(([a, aValue], [b, bValue]) =>
    a < b ? -1 : a > b ? 1 : aValue < bValue ? -1 : aValue > bValue ? 1 : 0,
  );
  for (const [name, value] of params) normal.searchParams.append(name, value);
  return normal;
}

export const PAGE_KEY_PREFIX = "page:";

/** `page:<path>?<query>`: a path's pages share the prefix `page:<path>?`. */
export function pageKey(normal: URL): string {
  return `${PAGE_KEY_PREFIX}${normal.pathname}?${normal.searchParams}`;
}

/** The page a React Router data request is for: `/x.data` → `/x`, `/x/_.data` → `/x/`, `/_.data` → `/`. */
export function pageOfDataRequest(pathname: string): string | undefined {
  if (!pathname.endsWith(".data")) return undefined;
  if (pathname === "/_.data") return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.slice(0, -".data".length);
}

/**
 * The key prefixes of a page (with or without a trailing slash) and of its data requests, whatever
 * their query. React Router asks for `/x.data` on behalf of `/x`, and for `/x/_.data` on behalf of
 * `/x/` (`/_.data` for `/`).
 */
export function pathPrefixes(pathname: string): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const prefix = (key: string) => `${PAGE_KEY_PREFIX}${key}?`;
  if (path === "/") return [prefix("/"), prefix("/_.data")];
  return [prefix(path), prefix(`${path}.data`), prefix(`${path}/`), prefix(`${path}/_.data`)];
}
