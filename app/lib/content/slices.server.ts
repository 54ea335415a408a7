import { linkToHref, prismic, richTextToHtml, richTextToPlain } from "./client.server";

/** A content image ready for <img>: srcset from Prismic's helper (SPEC.md §9 widths). */
export interface ContentImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
}

export function reshapeImage(field: prismic.ImageField | null | undefined): ContentImage | null {
  if (!prismic.isFilled.image(field)) return null;
  const src = prismic.asImageSrc(field);
  const srcSet = prismic.asImageWidthSrcSet(field);
  if (!src || !srcSet) return null;
  return {
    src,
    srcSet: srcSet.srcset,
    width: field.dimensions.width,
    height: field.dimensions.height,
    alt: field.alt ?? "",
  };
}

export type SliceView =
  | {
      type: "hero";
      id: string;
      eyebrow: string;
      heading: string;
      textHtml: string;
      image: ContentImage | null;
      cta: { label: string; href: string } | null;
    }
  | { type: "text_block"; id: string; heading: string; bodyHtml: string }
  | { type: "unknown"; id: string; sliceType: string };

interface RawSlice {
  id?: string;
  slice_type: string;
  primary?: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Slices are reshaped on the server, so rich text reaches the browser as HTML, not as a renderer. */
export function reshapeSlices(slices: unknown): SliceView[] {
  if (!Array.isArray(slices)) return [];
  return (slices as RawSlice[]).map((slice, position): SliceView => {
    const primary = slice.primary ?? {};
    const id = slice.id ?? `${slice.slice_type}-${position}`;
    switch (slice.slice_type) {
      case "hero": {
        const href = linkToHref(primary.cta_link as prismic.LinkField);
        const label = text(primary.cta_label);
        return {
          type: "hero",
          id,
          eyebrow: text(primary.eyebrow),
          heading: richTextToPlain(primary.heading as prismic.RichTextField),
          textHtml: richTextToHtml(primary.text as prismic.RichTextField),
          image: reshapeImage(primary.image as prismic.ImageField),
          cta: href && label ? { label, href } : null,
        };
      }
      case "text_block":
        return {
          type: "text_block",
          id,
          heading: text(primary.heading),
          bodyHtml: richTextToHtml(primary.body as prismic.RichTextField),
        };
      default:
        return { type: "unknown", id, sliceType: slice.slice_type };
    }
  });
}
