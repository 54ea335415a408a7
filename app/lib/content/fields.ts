import {
  asHTML,
  asImageSrc,
  asImageWidthSrcSet,
  asLink,
  asText,
  type ImageField,
  isFilled,
  type LinkField,
  type RichTextField,
} from "@prismicio/client";
import { resolveDocumentPath } from "./link-resolver";

/**
 * Prismic fields → plain values, with the one link resolver. Free of server-only code so the
 * slice simulator can reshape raw slices in the browser; pages do the same on the server.
 */

export const text = (value: unknown): string => (typeof value === "string" ? value : "");

export function linkToHref(field: LinkField | null | undefined): string | null {
  return asLink(field, { linkResolver: resolveDocumentPath }) ?? null;
}

export function richTextToHtml(field: RichTextField | null | undefined): string {
  return asHTML(field, { linkResolver: resolveDocumentPath }) ?? "";
}

export function richTextToPlain(field: RichTextField | null | undefined): string {
  return asText(field) ?? "";
}

/** A content image ready for <img>: srcset from Prismic's helper (product §9 widths). */
export interface ContentImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
}

export function reshapeImage(field: ImageField | null | undefined): ContentImage | null {
  if (!isFilled.image(field)) return null;
  const src = asImageSrc(field);
  const srcSet = asImageWidthSrcSet(field);
  if (!src || !srcSet) return null;
  return {
    src,
    srcSet: srcSet.srcset,
    width: field.dimensions.width,
    height: field.dimensions.height,
    alt: field.alt ?? "",
  };
}

export interface ContentLink {
  label: string;
  href: string;
}

/** A label and a link, or null when either is empty, so components never render dead buttons. */
export function reshapeLink(
  label: unknown,
  field: LinkField | null | undefined,
): ContentLink | null {
  const href = linkToHref(field);
  const name = text(label);
  return href && name ? { label: name, href } : null;
}
