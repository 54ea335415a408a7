import * as prismic from "@prismicio/client";
import { sleep } from "../abort";

export interface ContentSource {
  repositoryName: string;
  /** Set in embedded mode: the content emulator's API, reached exactly like a real repository. */
  documentAPIEndpoint?: string;
  accessToken?: string;
  timeoutMs?: number;
}

/** A client typed by the Slice Machine models (prismicio-types.d.ts). */
export type ContentClient = prismic.Client<prismic.Content.AllDocumentTypes>;

/** What Prismic's client waits before retrying a 429 without `Retry-After`. */
const DEFAULT_RETRY_AFTER_MS = 1500;
/** A throttled service that says "retry now" is not retried in a tight loop. */
const MIN_RETRY_AFTER_MS = 250;

function retryAfterMs(header: string | null): number {
  const seconds = Number(header ?? Number.NaN);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.max(MIN_RETRY_AFTER_MS, seconds * 1000);
  const date = header ? Date.parse(header) : Number.NaN;
  if (Number.isNaN(date)) return DEFAULT_RETRY_AFTER_MS;
  return Math.max(MIN_RETRY_AFTER_MS, date - Date.now());
}

/**
 * Every request to the content service gets one deadline (ARCHITECTURE.md, rule 4) that covers
 * its 429 retries and their `Retry-After` waits, and ends with the caller's signal. Prismic's
 * client retries a 429 without end and waits out `Retry-After` deaf to any signal, so the 429s
 * are handled here and never reach it: a throttled read fails at its deadline, and nothing calls
 * the content service for a shopper who is gone.
 */
function fetchWithDeadline(timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    for (;;) {
      const response = await fetch(input, { ...init, signal });
      if (response.status !== 429) return response;
      await response.body?.cancel();
      await sleep(retryAfterMs(response.headers.get("Retry-After")), signal);
    }
  };
}

export function createContentClient(source: ContentSource): ContentClient {
  return prismic.createClient<prismic.Content.AllDocumentTypes>(source.repositoryName, {
    documentAPIEndpoint: source.documentAPIEndpoint,
    accessToken: source.accessToken,
    fetch: fetchWithDeadline(source.timeoutMs ?? 5000),
  });
}

/**
 * How long a page may wait for the content service, retries and `Retry-After` included
 * (issue #14: one deadline per read, not one timeout per request).
 */
export const PAGE_CONTENT_DEADLINE_MS = 5000;

/**
 * What a cached read runs with: the cache shares it between every request that misses the same
 * entry and runs it again in the background for none, so it ends when the last request waiting
 * for it has gone (the cache's `loadSignal`) or at the page deadline, never with one shopper's
 * disconnect.
 */
export function sharedReadSignal(loadSignal: AbortSignal): AbortSignal {
  return AbortSignal.any([loadSignal, AbortSignal.timeout(PAGE_CONTENT_DEADLINE_MS)]);
}

/**
 * A client for one read whose every request ends with `signal` (the shopper's disconnect and
 * the page's deadline). It takes the master ref from the shared client, which keeps the
 * repository for a few seconds, so a read costs no extra request.
 */
export function createReadClient(shared: ContentClient, signal: AbortSignal): ContentClient {
  const client = prismic.createClient<prismic.Content.AllDocumentTypes>(shared.repositoryName, {
    documentAPIEndpoint: shared.documentAPIEndpoint,
    accessToken: shared.accessToken,
    fetch: shared.fetchFn,
    fetchOptions: { signal },
  });
  client.queryContentFromRef(async () => (await shared.getMasterRef({ signal })).ref);
  return client;
}

/**
 * A client of its own for one request that reads Prismic's preview cookie. Auto previews keep
 * the request on the client, so the shared client must never be given one.
 */
export function createPreviewClient(
  shared: ContentClient,
  request: Request,
  signal?: AbortSignal,
): ContentClient {
  const client = prismic.createClient<prismic.Content.AllDocumentTypes>(shared.repositoryName, {
    documentAPIEndpoint: shared.documentAPIEndpoint,
    accessToken: shared.accessToken,
    fetch: shared.fetchFn,
    fetchOptions: signal ? { signal } : undefined,
  });
  client.enableAutoPreviewsFromReq(request);
  return client;
}

export { linkToHref, richTextToHtml, richTextToPlain } from "./fields";
export { prismic };
