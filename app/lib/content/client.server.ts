import * as prismic from "@prismicio/client";
import { resolveDocumentPath } from "./link-resolver";

export interface ContentSource {
  repositoryName: string;
  /** Set in embedded mode: the content emulator's API, reached exactly like a real repository. */
  documentAPIEndpoint?: string;
  accessToken?: string;
  timeoutMs?: number;
}

export type ContentClient = prismic.Client;

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
  return prismic.createClient(source.repositoryName, {
    documentAPIEndpoint: source.documentAPIEndpoint,
    accessToken: source.accessToken,
    fetch: fetchWithTimeout(source.timeoutMs ?? 5000),
  });
}

export function linkToHref(field: prismic.LinkField | null | undefined): string | null {
  return prismic.asLink(field, { linkResolver: resolveDocumentPath }) ?? null;
}

export function richTextToHtml(field: prismic.RichTextField | null | undefined): string {
  return prismic.asHTML(field, { linkResolver: resolveDocumentPath }) ?? "";
}

export function richTextToPlain(field: prismic.RichTextField | null | undefined): string {
  return prismic.asText(field) ?? "";
}

export { prismic };
