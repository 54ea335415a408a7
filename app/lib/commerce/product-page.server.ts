import { absoluteUrl, breadcrumbJsonLd, catalogMeta, metaDescription, productJsonLd } from "../seo";
import { isCourseProduct } from "./cart";
import { collectionPath, productPath } from "./paths";
import { toFileLink } from "./product-files";
import { sanitizeDescription } from "./sanitize-description.server";
import { maxOrderQuantity, stockStatus } from "./stock-status";
import type { Product, ProductVariant } from "./types";
import {
  hasOnlyDefaultVariant,
  optionChoices,
  selectVariant,
  toOptionLinks,
} from "./variant-selection";

export type ProductPageData = ReturnType<typeof buildPage>;

/** Pages worked out before, by product and chosen variant (and shop URL). */
const pages = new WeakMap<Product, Map<string, ProductPageData>>();

/**
 * What the product page shows for `?variant=`: worked out on the server, so the browser gets the
 * chosen variant and where each option value leads, not all 100 variants and the code to choose.
 *
 * Once per product and variant: the catalogue hands every request the same product object, and
 * the same page object then goes out as the same JSON text (json-text.ts, decision 009). Nobody
 * may change what it returns.
 */
export function productPageData(
  product: Product,
  variantParam: string | null,
  publicUrl: string,
): ProductPageData {
  const variant = selectVariant(product, variantParam) ?? null;
  let byVariant = pages.get(product);
  if (!byVariant) {
    byVariant = new Map();
    pages.set(product, byVariant);
  }
  const key = `${publicUrl} ${variant?.id ?? ""}`;
  let page = byVariant.get(key);
  if (!page) {
    page = buildPage(product, variant, publicUrl);
    byVariant.set(key, page);
  }
  return page;
}

function buildPage(product: Product, variant: ProductVariant | null, publicUrl: string) {
  const path = productPath(product.handle);
  const canonical = absoluteUrl(publicUrl, path);
  const crumbs = [
    { name: "Home", path: "/" },
    ...(product.collection
      ? [{ name: product.collection.title, path: collectionPath(product.collection.handle) }]
      : []),
    { name: product.title, path },
  ];
  const image = product.images[0];
  const title = product.seo.title || product.title;
  return {
    product: {
      handle: product.handle,
      title: product.title,
      vendor: product.vendor,
      images: product.images,
      descriptionHtml: sanitizeDescription(product.descriptionHtml),
      requestAQuote: product.requestAQuote,
      quantityTicker: product.quantityTicker,
      course: isCourseProduct(product),
    },
    variant,
    options: hasOnlyDefaultVariant(product)
      ? []
      : toOptionLinks(optionChoices(product, variant ?? undefined)),
    stock: stockStatus(variant ?? undefined),
    maxQuantity: maxOrderQuantity(variant ?? undefined) ?? null,
    downloads: product.downloads.map(toFileLink),
    directions: product.directions.map(toFileLink),
    crumbs,
    title,
    meta: catalogMeta({
      title,
      description: product.seo.description || metaDescription(product.description),
      canonical,
      type: "product",
      image: image ? { url: image.url, alt: image.altText ?? product.title } : null,
      jsonLd: [
        productJsonLd(product, variant ?? undefined, canonical),
        breadcrumbJsonLd(publicUrl, crumbs),
      ],
    }),
  };
}
