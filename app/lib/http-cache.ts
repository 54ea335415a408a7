// The Cache-Control of every public page and answer, and of previews, in one place.

/**
 * For anonymous visitors: a browser keeps a page a minute, a CDN five, and serves it stale for a
 * day while refreshing. The server turns this private for visitors with a cart or session
 * (server/app.ts), so nothing personal is ever shared.
 */
export const PUBLIC_PAGE_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=86400";

/** A preview shows drafts to one editor: nothing may store it. */
export const PREVIEW_PAGE_CACHE = "private, no-store";
