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

/** schema.org BreadcrumbList for a page's trail, the twin of its visible breadcrumbs. */
export function breadcrumbJsonLd(
  publicUrl: string,
  crumbs: readonly Breadcrumb[],
): Record<string, unknown> {
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
