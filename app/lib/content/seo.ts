import type { MetaDescriptor } from "react-router";

/** Everything a page tells search engines and social networks, built by its loader. */
export interface Seo {
  title: string;
  description: string;
  canonical: string;
  siteName: string;
  type: "website" | "article";
  image: { url: string; width: number; height: number; alt: string } | null;
  noindex: boolean;
  jsonLd: Record<string, unknown>[];
}

/** The head tags of a page; its JSON-LD is rendered by `StructuredData`, which adds the nonce. */
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
    { property: "og:type", content: seo.type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    ...(image
      ? [
          { property: "og:image", content: image.url },
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
          { property: "og:image:alt", content: image.alt },
        ]
      : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
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
 * JSON-LD as text for a <script type="application/ld+json">: `<` is escaped so no value can
 * close the element.
 */
export function jsonLdText(json: Record<string, unknown>): string {
  return JSON.stringify(json).replace(/</g, "\\u003c");
}
