import type { MetaDescriptor } from "react-router";
import { stockStatus } from "./commerce/stock-status";
import type { Product, ProductVariant } from "./commerce/types";
import { variantUrlId } from "./commerce/variant-selection";
import type { ContentImage } from "./content/fields";
import type { Shell } from "./content/shell.server";
import { type JsonLd, pageTitle } from "./head";

export {
  DEFAULT_SITE_NAME,
  type JsonLd,
  jsonLdText,
  pageTitle,
  siteNameFrom,
  titledMeta,
} from "./head";

// What every page tells search engines and social networks: its title, description, robots,
// canonical link, Open Graph and Twitter tags, and schema.org JSON-LD (Organization, Article,
// Product, BreadcrumbList). Loaders build it, so none of this ships to the browser; route modules'
// `meta` only lays it out, with the few helpers of head.ts.

const DESCRIPTION_LENGTH = 160;

/** One step of a page's trail; the last is the page itself. */
export interface Breadcrumb {
  name: string;
  /** Path on this site. */
  path: string;
}

/** A path on this shop as the absolute URL canonical links and JSON-LD need. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, `${publicUrl.replace(/\/+$/, "")}/`).toString();
}

// --- titles and descriptions -----------------------------------------------------------------

/** A description for a meta tag: plain text, one line, cut at a word near 160 characters. */
export function metaDescription(text: string, length = DESCRIPTION_LENGTH): string {
  const plain = text.replace(/\s+/g, " ").trim();
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

// --- head tags -------------------------------------------------------------------------------

export interface SeoImage {
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

/** A page as search engines and social networks see it. */
interface SeoPage {
  title: string;
  description: string;
  canonical: string;
  type: "website" | "article" | "product";
  image: SeoImage | null;
}

/** og:type to twitter:card: what Open Graph and Twitter's card say of a page. */
function socialTags(page: SeoPage): MetaDescriptor[] {
  const { image } = page;
  return [
    { property: "og:type", content: page.type },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: page.canonical },
    ...(image ? [{ property: "og:image", content: image.url }] : []),
    ...(image?.width !== undefined && image.height !== undefined
      ? [
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
        ]
      : []),
    ...(image ? [{ property: "og:image:alt", content: image.alt }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
}

/** A content page's head, built by its loader, which knows the site from the shell. */
export interface Seo extends SeoPage {
  siteName: string;
  type: "website" | "article";
  noindex: boolean;
  /** Rendered by `StructuredData`, which adds the CSP nonce. */
  jsonLd: JsonLd[];
}

/** What a content page's loader gives its route: head tags for `meta`, JSON-LD for `StructuredData`. */
export interface PageHead {
  meta: MetaDescriptor[];
  jsonLd: JsonLd[];
}

/** The head tags of a content page; its JSON-LD is rendered by `StructuredData`. */
export function seoMeta(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  const { title, description, canonical, image } = seo;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...(seo.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:site_name", content: seo.siteName },
    { property: "og:locale", content: "en_AU" },
    ...socialTags(seo),
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(image
      ? [
          { name: "twitter:image", content: image.url },
          { name: "twitter:image:alt", content: image.alt },
        ]
      : []),
  ];
}

/**
 * A catalogue page's head tags but its title, built by the loader so that none of this ships to
 * the browser; the route's `meta` adds the title and site name with `titledMeta`, since the site
 * name comes from the shell. The JSON-LD rides in the head as `script:ld+json`.
 */
export function catalogMeta(
  page: Omit<SeoPage, "type" | "image"> & {
    type?: "website" | "product";
    image?: SeoImage | null;
    jsonLd?: JsonLd[];
  },
): MetaDescriptor[] {
  return [
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: page.canonical },
    ...socialTags({ ...page, type: page.type ?? "website", image: page.image ?? null }),
    ...(page.jsonLd ?? []).map((json) => ({ "script:ld+json": json })),
  ];
}

// --- content pages ---------------------------------------------------------------------------

/** A content document's own "SEO & Metadata" tab. */
export interface DocumentMeta {
  title: string;
  description: string;
  image: ContentImage | null;
}

/** What the SEO of content pages reads from the settings document. */
export type SiteSettings = Pick<
  Shell,
  "siteName" | "metaTitle" | "metaDescription" | "socialImage" | "organisation" | "socialLinks"
>;

export interface SeoInput {
  shell: SiteSettings;
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
  jsonLd?: JsonLd[];
}

/** Per-page title, description and image, falling back to the settings document. */
export function buildSeo(input: SeoInput): Seo {
  const { shell, meta } = input;
  const fallbackTitle = input.isHome
    ? shell.metaTitle || shell.siteName
    : pageTitle(input.title, shell.siteName);
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

// --- JSON-LD ---------------------------------------------------------------------------------

/** schema.org BreadcrumbList for a page's trail, the twin of its visible breadcrumbs. */
export function breadcrumbJsonLd(publicUrl: string, crumbs: readonly Breadcrumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(publicUrl, crumb.path),
    })),
  };
}

export function organisationJsonLd(shell: SiteSettings, publicUrl: string): JsonLd {
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

const isoDate = (value: string) => {
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
};

export function articleJsonLd(input: {
  shell: SiteSettings;
  publicUrl: string;
  canonical: string;
  headline: string;
  description: string;
  image: ContentImage | null;
  datePublished: string;
  dateModified: string;
  author: string;
}): JsonLd {
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

const SCHEMA_AVAILABILITY = {
  "in-stock": "https://schema.org/InStock",
  "low-stock": "https://schema.org/LimitedAvailability",
  backorder: "https://schema.org/BackOrder",
  "sold-out": "https://schema.org/OutOfStock",
  unavailable: "https://schema.org/OutOfStock",
} as const;

function offer(variant: ProductVariant, productUrl: string): JsonLd {
  return {
    "@type": "Offer",
    url: `${productUrl}?variant=${variantUrlId(variant.id)}`,
    ...(variant.sku ? { sku: variant.sku } : {}),
    ...(variant.title && variant.title !== "Default Title" ? { name: variant.title } : {}),
    price: variant.price.amount,
    priceCurrency: variant.price.currencyCode,
    availability: SCHEMA_AVAILABILITY[stockStatus(variant).level],
    itemCondition: "https://schema.org/NewCondition",
  };
}

/** schema.org Product: the selected variant's SKU, and an offer for every variant. */
export function productJsonLd(
  product: Product,
  selected: ProductVariant | undefined,
  productUrl: string,
): JsonLd {
  const sku = selected?.sku ?? product.variants.find((variant) => variant.sku)?.sku;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": productUrl,
    name: product.title,
    url: productUrl,
    description: metaDescription(product.description, 5000),
    ...(product.vendor ? { brand: { "@type": "Brand", name: product.vendor } } : {}),
    ...(sku ? { sku } : {}),
    ...(product.productType ? { category: product.productType } : {}),
    image: product.images.map((image) => image.url),
    offers: product.variants.map((variant) => offer(variant, productUrl)),
  };
}
