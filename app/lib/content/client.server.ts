import * as prismic from "@prismicio/client";

export interface ContentSource {
  repositoryName: string;
  /** Set in embedded mode: the content emulator's API, reached exactly like a real repository. */
  documentAPIEndpoint?: string;
  accessToken?: string;
  timeoutMs?: number;
}

/** A client typed by the Slice Machine models (prismicio-types.d.ts). */
export type ContentClient = prismic.Client<prismic.Content.AllDocumentTypes>;

/** Every request to the content service gets a timeout (ARCHITECTURE.md, rule 4). */
function fetchWithTimeout(timeoutMs: number): typeof fetch {
  return (input, init) =>
    fetch(input, {
      ...init,
      signal: init?.signal
        ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
        : AbortSignal.timeout(timeoutMs),
    });
}

export function createContentClient(source: ContentSource): ContentClient {
  return prismic.createClient<prismic.Content.AllDocumentTypes>(source.repositoryName, {
    documentAPIEndpoint: source.documentAPIEndpoint,
    accessToken: source.accessToken,
    fetch: fetchWithTimeout(source.timeoutMs ?? 5000),
  });
}

/**
 * A client of its own for one request that reads Prismic's preview cookie. Auto previews keep
 * the request on the client, so the shared client must never be given one.
 */
export function createPreviewClient(shared: ContentClient, request: Request): ContentClient {
  const client = prismic.createClient<prismic.Content.AllDocumentTypes>(shared.repositoryName, {
    documentAPIEndpoint: shared.documentAPIEndpoint,
    accessToken: shared.accessToken,
    fetch: shared.fetchFn,
  });
  client.enableAutoPreviewsFromReq(request);
  return client;
}

export { linkToHref, richTextToHtml, richTextToPlain } from "./fields";
export { prismic };
