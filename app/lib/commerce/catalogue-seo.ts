import type { MetaDescriptor } from "react-router";
import { stockStatus } from "./stock-status";
import type { Product, ProductVariant } from "./types";
import { variantUrlId } from "./variant-selection";

// What catalogue pages tell search engines: title, description, canonical URL, Open Graph, and
// schema.org JSON-LD (Product with offers, BreadcrumbList).

export const DEFAULT_SITE_NAME = "Coral Bay Pool & Spa";
const DESCRIPTION_LENGTH = 160;

export function productPath(handle: string): string {
  return `/store/products/${encodeURIComponent(handle)}`;
}

export function collectionPath(idOrHandle: string): string {
  return `/store/collections/${encodeURIComponent(idOrHandle)}`;
}

/** A description for a meta tag: plain text, one line, cut at a word near 160 characters. */
export function metaDescription(text: string, length = DESCRIPTION_LENGTH): string {
  const plain = text.replace(/\s+/g, " ").trim();
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

export function pageTitle(title: string, siteName = DEFAULT_SITE_NAME): string {
  return title && title !== siteName ? `${title} | ${siteName}` : siteName;
}

/**
 * A page's meta tags, built by its loader so that none of this ships to the browser; the route's
 * `meta` adds the title and site name with `titledMeta` (the site name comes from the shell).
 */
export function catalogueMeta(page: {
  title: string;
  description: string;
  canonical: string;
  image?: { url: string; alt: string } | null;
  type?: "website" | "product";
  jsonLd?: Record<string, unknown>[];
}): MetaDescriptor[] {
  return [
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: page.canonical },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: page.canonical },
    ...(page.image
      ? [
          { property: "og:image", content: page.image.url },
          { property: "og:image:alt", content: page.image.alt },
        ]
      : []),
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
    ...(page.jsonLd ?? []).map((json) => ({ "script:ld+json": json })),
  ];
}

/** The site's name from the root loader's shell, for a route's `meta`. */
export function siteNameFrom(matches: readonly ({ data?: unknown } | undefined)[]): string {
  const root = matches[0]?.data as { shell?: { siteName?: string } } | undefined;
  return root?.shell?.siteName || DEFAULT_SITE_NAME;
}

export function titledMeta(
  title: string,
  meta: MetaDescriptor[],
  siteName: string = DEFAULT_SITE_NAME,
): MetaDescriptor[] {
  return [
    { title: pageTitle(title, siteName) },
    { property: "og:site_name", content: siteName },
    ...meta,
  ];
}

const SCHEMA_AVAILABILITY = {
  "in-stock": "https://schema.org/InStock",
  "low-stock": "https://schema.org/LimitedAvailability",
  backorder: "https://schema.org/BackOrder",
  "sold-out": "https://schema.org/OutOfStock",
  unavailable: "https://schema.org/OutOfStock",
} as const;

function offer(variant: ProductVariant, productUrl: string): Record<string, unknown> {
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
): Record<string, unknown> {
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
