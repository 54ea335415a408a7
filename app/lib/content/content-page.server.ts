import type { RouterContextProvider } from "react-router";
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
import { type ContentReader, contentData, contentReader, notFound } from "./reader.server";

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

export interface ContentPageSpec<Documents extends object> {
  /** The page's documents, read alongside the shell; a missing one (null) is the 404 page. */
  load: (content: ContentReader) => { [Name in keyof Documents]: Promise<Documents[Name] | null> };
  /**
   * The sections between Home and the page, e.g. News: the page then has breadcrumbs, described
   * as a BreadcrumbList after its own JSON-LD.
   */
  trail?: Breadcrumb[];
  /** The page's document, and what differs from it; `buildSeo` falls back to the settings. */
  seo: (documents: Documents) => Partial<Omit<SeoInput, "shell" | "publicUrl" | "jsonLd">> & {
    page: PageDocument;
    jsonLd?: (page: SeoContext) => JsonLd[];
  };
}

/**
 * A content page's loader: its documents and the shell through `contentReader` (preview, caching,
 * a failing service), the 404 page for a missing document, the page's SEO, and the loader data
 * with the preview state and Cache-Control.
 */
export async function loadContentPage<Documents extends object>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  spec: ContentPageSpec<Documents>,
) {
  const content = contentReader(
    request,
    context.get(servicesContext),
    context.get(shopperContext).url,
  );
  const reads = Object.entries(spec.load(content)) as [string, Promise<unknown>][];
  const [shell, ...values] = await Promise.all([content.shell(), ...reads.map(([, read]) => read)]);
  if (values.some((value) => value === null)) notFound();
  const documents = Object.fromEntries(
    reads.map(([name], index) => [name, values[index]]),
  ) as Documents;

  const { publicUrl } = context.get(servicesContext).config;
  const { page, jsonLd, ...refinements } = spec.seo(documents);
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
  const value = { ...documents, ...(crumbs ? { crumbs } : {}), seo: head };
  return contentData(content, value as Documents & { crumbs?: Breadcrumb[]; seo: PageHead });
}
