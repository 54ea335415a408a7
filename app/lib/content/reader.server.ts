import { data, redirect } from "react-router";
import { untilAborted, withDeadline } from "../abort";
import type { AppContext } from "../context.server";
import { PREVIEW_PAGE_CACHE, PUBLIC_PAGE_CACHE } from "../http-cache";
import { safeRedirectPath } from "../safe-redirect";
import {
  type ContentClient,
  createPreviewClient,
  createReadClient,
  PAGE_CONTENT_DEADLINE_MS,
  prismic,
  sharedReadSignal,
} from "./client.server";
import { clearPreviewCookie, readPreviewToken } from "./preview.server";
import {
  CONTENT_CACHE,
  CONTENT_CACHE_PREFIX,
  loadShell,
  loadShellOrFallback,
  type Shell,
} from "./shell.server";

export interface PreviewState {
  /** Set in connected mode, where Prismic's toolbar script is loaded for the repository. */
  toolbar: { repositoryName: string; src: string } | null;
}

export interface ContentReader {
  preview: PreviewState | null;
  cacheControl: string;
  /** Cached with stale-while-revalidate, except in a preview, which always reads the drafts. */
  load<T>(key: string, fetcher: (client: ContentClient) => Promise<T>): Promise<T>;
  shell(): Promise<Shell>;
}

/** Reads one document, or null when the repository has no such document. */
export async function orNull<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof prismic.NotFoundError) return null;
    throw error;
  }
}

export { PAGE_CONTENT_DEADLINE_MS };

/**
 * A preview's signal for the whole page: it ends when the shopper disconnects or the page's
 * deadline passes. The reads a page waits for each take `withDeadline` instead, which lets its
 * timer go once the read is done; a preview's client lives as long as the page.
 */
function pageDeadline(request: Request): AbortSignal {
  return AbortSignal.any([request.signal, AbortSignal.timeout(PAGE_CONTENT_DEADLINE_MS)]);
}

export function isUpstreamFailure(error: unknown): boolean {
  if (error instanceof prismic.PrismicError) return true;
  if (!(error instanceof Error)) return false;
  return (
    error.name === "TimeoutError" ||
    error.name === "AbortError" ||
    (error instanceof TypeError && error.message === "fetch failed")
  );
}

export function contentReader(
  request: Request,
  services: Pick<AppContext, "content" | "cache" | "config" | "logger">,
  /** The page asked for (the shopper's `url`); React Router's data requests end in `.data`. */
  page = new URL(request.url),
): ContentReader {
  const { content, cache, config, logger } = services;
  const previewing = readPreviewToken(request.headers.get("Cookie")) !== null;
  // Made on a read the cache cannot answer, for that read: most pages need none.
  const publishedClient = (signal: AbortSignal) => createReadClient(content, signal);
  const preview = previewing
    ? createPreviewClient(content, request, pageDeadline(request))
    : undefined;

  async function guard<T>(work: Promise<T>): Promise<T> {
    try {
      return await withDeadline(request.signal, PAGE_CONTENT_DEADLINE_MS, (deadline) =>
        untilAborted(work, deadline),
      );
    } catch (error) {
      // Nobody waits for this answer any more.
      if (request.signal.aborted) throw data(null, { status: 503 });
      if (previewing && error instanceof prismic.PreviewTokenExpiredError) {
        // An ended preview session: back to the published page, without the stale cookie.
        throw redirect(safeRedirectPath(page.pathname + page.search), {
          headers: {
            "Set-Cookie": clearPreviewCookie(config.publicUrl.startsWith("https:")),
            "Cache-Control": PREVIEW_PAGE_CACHE,
          },
        });
      }
      if (isUpstreamFailure(error)) {
        logger.error({ err: error, url: request.url }, "content service failed");
        throw data(null, { status: 503 });
      }
      throw error;
    }
  }

  return {
    preview: previewing
      ? {
          toolbar:
            config.content.mode === "connected"
              ? {
                  repositoryName: config.content.repositoryName,
                  src: prismic.getToolbarSrc(config.content.repositoryName),
                }
              : null,
        }
      : null,
    cacheControl: previewing ? PREVIEW_PAGE_CACHE : PUBLIC_PAGE_CACHE,
    load(key, fetcher) {
      return guard(
        preview
          ? fetcher(preview)
          : cache.fetch(
              `${CONTENT_CACHE_PREFIX}${key}`,
              (loadSignal) => fetcher(publishedClient(sharedReadSignal(loadSignal))),
              CONTENT_CACHE,
              request.signal,
            ),
      );
    },
    shell: () => guard(loadShell(publishedClient, cache, request.signal)),
  };
}

/**
 * The shell for what must not go down with the content service (every page's frame, a
 * certificate's issuer): never fails (`loadShellOrFallback`), ends with the page's deadline.
 */
export function shellOrFallback(
  request: Request,
  { content, cache, logger }: Pick<AppContext, "content" | "cache" | "logger">,
): Promise<Shell> {
  return withDeadline(request.signal, PAGE_CONTENT_DEADLINE_MS, (deadline) =>
    loadShellOrFallback((signal) => createReadClient(content, signal), cache, deadline, logger),
  );
}

/** A page's loader data with the preview state, cacheable by a CDN unless it is a preview. */
export function contentData<T extends object>(reader: ContentReader, value: T) {
  return data(
    { ...value, preview: reader.preview },
    { headers: { "Cache-Control": reader.cacheControl } },
  );
}

/** The root error boundary turns this into product §2's 'Page not found: {path}'. */
export function notFound(): never {
  throw data(null, { status: 404 });
}
