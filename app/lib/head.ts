import type { MetaDescriptor } from "react-router";
import { type JsonText, readJsonText } from "./json-text";

// The little of a page's head that route modules lay out in the browser: titles with the site's
// name, and JSON-LD as text. Everything else is built by loaders (seo.ts).

export const DEFAULT_SITE_NAME = "Coral Bay Pool & Spa";

export type JsonLd = Record<string, unknown>;

export function pageTitle(title: string, siteName = DEFAULT_SITE_NAME): string {
  return title && title !== siteName ? `${title} | ${siteName}` : siteName;
}

/** The site's name from the root loader's shell, for a route's `meta`. */
export function siteNameFrom(matches: readonly ({ loaderData?: unknown } | undefined)[]): string {
  const root = matches[0]?.loaderData as { shell?: JsonText<{ siteName?: string }> } | undefined;
  return (root?.shell && readJsonText(root.shell).siteName) || DEFAULT_SITE_NAME;
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

/** JSON-LD as text for a <script type="application/ld+json">. */
export function jsonLdText(json: JsonLd): string {
  return inlineScriptJson(json);
}

/** A value as JSON inside an inline <script>: `<` is escaped so no value can close the element. */
export function inlineScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
