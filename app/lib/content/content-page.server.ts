import type { RouterContextProvider } from "react-router";
import { type JsonText, jsonText } from "../json-text";
import { oncePerObjects } from "../once-per-object";
import { servicesContext, shopperContext } from "../request-context.server";
import {
  type Breadcrumb,
  breadcrumbJsonLd,
  buildSeo,
  type DocumentMeta,
  type JsonLd,
  type PageHead,
  type Seo,
  type SeoInput,
  type SiteSettings,
  seoMeta,
} from "../seo";
import type { ContentPageText } from "./content-page";
import { type ContentReader, contentData, contentReader, notFound } from "./reader.server";
import type { Shell } from "./shell.server";

/** What a content page's JSON-LD may draw on: the site, and the page's own head. */
export interface SeoContext {
  shell: SiteSettings;
  publicUrl: string;
  seo: Seo;
}

/** The page's own document: the path, title and meta its head and trail start from. */
interface PageDocument {
  path: string;
  title: string;
  meta: DocumentMeta;
}

type Reads<Values> = { [Name in keyof Values]: Promise<Values[Name] | null> };

export interface ContentPageSpec<
  Documents extends Record<string, object>,
  PerRequest extends object = Record<never, never>,
> {
  /** The page's documents, read alongside the shell; a missing one (null) is the 404 page. */
  load: (content: ContentReader) => Reads<Documents>;
  /**
   * What the page shows of this request alone (the contact form, a course's booking), given the
   * documents' reads: sent beside the page's text as it is, never kept. A null is the 404 page.
   */
  perRequest?: (documents: Reads<Documents>) => Reads<PerRequest>;
  /**
   * The sections between Home and the page, e.g. News: the page then has breadcrumbs, described
   * as a BreadcrumbList after its own JSON-LD.
   */
  trail?: Breadcrumb[];
  /**
   * The page's document, and what differs from it; `buildSeo` falls back to the settings. The
   * head is made once per shell, documents and path (`pageText`), so this reads nothing of the
   * request that the path does not show.
   */
  seo: (documents: Documents) => Partial<Omit<SeoInput, "shell" | "publicUrl" | "jsonLd">> & {
    page: PageDocument;
    jsonLd?: (page: SeoContext) => JsonLd[];
  };
}

/**
 * A content page's loader: its documents and the shell through `contentReader` (preview, caching,
 * a failing service), the 404 page for a missing document, and as loader data the page's text
 * (documents, trail and head), what it shows of this request, the preview state and
 * Cache-Control.
 */
export async function loadContentPage<
  Documents extends Record<string, object>,
  PerRequest extends object = Record<never, never>,
>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  spec: ContentPageSpec<Documents, PerRequest>,
) {
  const services = context.get(servicesContext);
  const reader = contentReader(request, services, context.get(shopperContext).url);
  const loads = spec.load(reader);
  const documentReads = Object.entries(loads) as [string, Promise<unknown>][];
  const ownReads = Object.entries(spec.perRequest?.(loads) ?? {}) as [string, Promise<unknown>][];
  const [shell, ...values] = await Promise.all([
    reader.shell(),
    ...[...documentReads, ...ownReads].map(([, read]) => read),
  ]);
  if (values.some((value) => value === null)) notFound();
  const named = (reads: [string, Promise<unknown>][], offset: number) =>
    Object.fromEntries(reads.map(([name], index) => [name, values[offset + index]]));
  const documents = named(documentReads, 0) as Documents;
  const own = named(ownReads, documentReads.length) as PerRequest;
  const content = pageText(documents, shell, services.config.publicUrl, spec);
  return contentData(reader, { content, ...own });
}

/**
 * Content pages' texts by shell, then by each of the page's documents, then by path. The content
 * cache hands every request the same objects while they last, so a page's documents, trail and
 * head are laid out and stringified once per shell and documents (decision 009); in a preview
 * the documents are new on every request, and so is the text. The path tells apart pages made
 * from the same documents (`/thank-you` and `/thank-you/thank-you`), and so stands for the route,
 * its trail and its `seo`; the public URL is one per process.
 */
const pageTexts = oncePerObjects<JsonText<unknown>>();

function pageText<Documents extends Record<string, object>>(
  documents: Documents,
  shell: Shell,
  publicUrl: string,
  spec: Pick<ContentPageSpec<Documents>, "trail" | "seo">,
): JsonText<ContentPageText<Documents>> {
  const { page, jsonLd, ...refinements } = spec.seo(documents);
  const path = refinements.path ?? page.path;
  const text = pageTexts([shell, ...Object.values(documents)], path, () => {
    const seo = buildSeo({
      path: page.path,
      title: page.title,
      meta: page.meta,
      ...refinements,
      shell,
      publicUrl,
    });
    const crumbs = spec.trail && [
      { name: "Home", path: "/" },
      ...spec.trail,
      { name: page.title, path: page.path },
    ];
    seo.jsonLd = [
      ...(jsonLd?.({ shell, publicUrl, seo }) ?? []),
      ...(crumbs ? [breadcrumbJsonLd(publicUrl, crumbs)] : []),
    ];
    // The head tags are laid out here, so that route modules' `meta` needs none of seo.ts.
    const head: PageHead = { meta: seoMeta(seo), jsonLd: seo.jsonLd };
    return jsonText<ContentPageText<Documents>>({
      ...documents,
      ...(crumbs ? { crumbs } : {}),
      seo: head,
    });
  });
  return text as JsonText<ContentPageText<Documents>>;
}
