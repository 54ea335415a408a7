import { absoluteUrl } from "../structured-data";
import type { ContentImage } from "./fields";
import type { Seo } from "./seo";
import type { Shell } from "./shell.server";

/** A document's own "SEO & Metadata" tab. */
export interface DocumentMeta {
  title: string;
  description: string;
  image: ContentImage | null;
}

export interface SeoInput {
  shell: Shell;
  publicUrl: string;
  /** The page's path (and query, for paginated lists). */
  path: string;
  /** The document's visible title, for when it has no meta title. */
  title: string;
  meta?: DocumentMeta;
  /** Falls back further to the settings document. */
  description?: string;
  image?: ContentImage | null;
  type?: Seo["type"];
  noindex?: boolean;
  /** The home page: its title falls back to the site's own. */
  isHome?: boolean;
  jsonLd?: Record<string, unknown>[];
}

/** Per-page title, description and image, falling back to the settings document. */
export function buildSeo(input: SeoInput): Seo {
  const { shell, meta } = input;
  const fallbackTitle = input.isHome
    ? shell.metaTitle || shell.siteName
    : input.title && input.title !== shell.siteName
      ? `${input.title} | ${shell.siteName}`
      : shell.siteName;
  const image = meta?.image ?? input.image ?? shell.socialImage;
  return {
    title: meta?.title || fallbackTitle,
    description: meta?.description || input.description || shell.metaDescription,
    canonical: absoluteUrl(input.publicUrl, input.path),
    siteName: shell.siteName,
    type: input.type ?? "website",
    image: image
      ? { url: image.src, width: image.width, height: image.height, alt: image.alt }
      : null,
    noindex: input.noindex ?? false,
    jsonLd: input.jsonLd ?? [],
  };
}

const isoDate = (value: string) => {
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
};

export function organisationJsonLd(shell: Shell, publicUrl: string): Record<string, unknown> {
  const { organisation } = shell;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${absoluteUrl(publicUrl, "/")}#organization`,
    name: organisation.name,
    url: absoluteUrl(publicUrl, "/"),
    ...(organisation.logo ? { logo: organisation.logo.src } : {}),
    ...(organisation.phone ? { telephone: organisation.phone } : {}),
    ...(organisation.email ? { email: organisation.email } : {}),
    ...(organisation.address
      ? { address: { "@type": "PostalAddress", ...organisation.address } }
      : {}),
    sameAs: shell.socialLinks.map((link) => link.href),
  };
}

export function articleJsonLd(input: {
  shell: Shell;
  publicUrl: string;
  canonical: string;
  headline: string;
  description: string;
  image: ContentImage | null;
  datePublished: string;
  dateModified: string;
  author: string;
}): Record<string, unknown> {
  const { shell, publicUrl } = input;
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: input.headline.slice(0, 110),
    description: input.description,
    ...(input.image ? { image: [input.image.src] } : {}),
    datePublished: isoDate(input.datePublished),
    dateModified: isoDate(input.dateModified) ?? isoDate(input.datePublished),
    author: input.author
      ? { "@type": "Person", name: input.author }
      : { "@type": "Organization", name: shell.siteName, url: absoluteUrl(publicUrl, "/") },
    publisher: {
      "@type": "Organization",
      name: shell.siteName,
      url: absoluteUrl(publicUrl, "/"),
      ...(shell.organisation.logo
        ? { logo: { "@type": "ImageObject", url: shell.organisation.logo.src } }
        : {}),
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": input.canonical },
  };
}
