import type { Content, LinkField } from "@prismicio/client";
import { productPath } from "../commerce/paths";
import {
  type ContentImage,
  type ContentLink,
  linkToHref,
  reshapeImage,
  reshapeLink,
  richTextToHtml,
  richTextToPlain,
  text,
} from "./fields";

/**
 * Slices reshaped into plain view data: rich text is serialised to HTML here, so pages ship no
 * rich-text renderer. Pages call this on the server; the slice simulator, which receives raw
 * slices from Slice Machine, calls it in the browser (docs/decisions/001-javascript-budget.md).
 */
export type SliceView =
  | {
      type: "hero";
      id: string;
      eyebrow: string;
      heading: string;
      textHtml: string;
      image: ContentImage | null;
      cta: ContentLink | null;
    }
  | { type: "text_block"; id: string; heading: string; bodyHtml: string }
  | {
      type: "image_with_text";
      id: string;
      image: ContentImage | null;
      imageRight: boolean;
      heading: string;
      bodyHtml: string;
      cta: ContentLink | null;
    }
  | {
      type: "call_to_action";
      id: string;
      heading: string;
      textHtml: string;
      cta: ContentLink | null;
      tone: "lagoon" | "sand";
    }
  | {
      type: "feature_grid";
      id: string;
      heading: string;
      introHtml: string;
      features: {
        title: string;
        description: string;
        href: string | null;
        image: ContentImage | null;
      }[];
    }
  | {
      type: "image_gallery";
      id: string;
      heading: string;
      images: { image: ContentImage; caption: string }[];
    }
  | {
      type: "faq";
      id: string;
      heading: string;
      questions: { question: string; answerHtml: string }[];
    }
  | {
      type: "testimonials";
      id: string;
      heading: string;
      quotes: { quote: string; name: string; location: string; rating: number | null }[];
      link: ContentLink | null;
    }
  | {
      type: "featured_products";
      id: string;
      heading: string;
      intro: string;
      products: { handle: string; label: string; href: string }[];
      link: ContentLink | null;
    }
  | {
      type: "embed";
      id: string;
      heading: string;
      media:
        | { kind: "video"; videoId: string; title: string; caption: string }
        | { kind: "map"; address: string; query: string };
    }
  | { type: "nav_item"; id: string; link: ContentLink | null }
  | { type: "dropdown_nav_item"; id: string; link: ContentLink | null; links: ContentLink[] }
  | { type: "footer_link_list"; id: string; heading: string; links: ContentLink[] }
  | { type: "unknown"; id: string; sliceType: string };

/** The least a slice carries, whoever sent it (the Content API or Slice Machine). */
export interface RawSlice {
  id?: string;
  slice_type: string;
  variation?: string;
  primary?: unknown;
}

const YOUTUBE_ID = /^[\w-]{11}$/;

/** The video id of a YouTube URL in any of its shapes, or null for anything else. */
export function youtubeVideoId(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^(www|m)\./, "");
  let id: string | null | undefined = null;
  if (host === "youtu.be") id = parsed.pathname.split("/")[1];
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [, kind, value] = parsed.pathname.split("/");
    id =
      kind === "watch"
        ? parsed.searchParams.get("v")
        : ["embed", "shorts"].includes(kind ?? "")
          ? value
          : null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function links(group: readonly { label?: unknown; link?: LinkField }[] | null | undefined) {
  return (group ?? []).flatMap((entry) => reshapeLink(entry.label, entry.link) ?? []);
}

/** Null for a slice with nothing to show (an embed without a video or an address). */
function reshapeSlice(raw: RawSlice, position: number): SliceView | null {
  const id = raw.id ?? `${raw.slice_type}-${position}`;
  switch (raw.slice_type) {
    case "hero": {
      const { primary } = raw as Content.HeroSlice;
      return {
        type: "hero",
        id,
        eyebrow: text(primary.eyebrow),
        heading: richTextToPlain(primary.heading),
        textHtml: richTextToHtml(primary.text),
        image: reshapeImage(primary.image),
        cta: reshapeLink(primary.cta_label, primary.cta_link),
      };
    }
    case "text_block": {
      const { primary } = raw as Content.TextBlockSlice;
      return {
        type: "text_block",
        id,
        heading: text(primary.heading),
        bodyHtml: richTextToHtml(primary.body),
      };
    }
    case "image_with_text": {
      const { primary } = raw as Content.ImageWithTextSlice;
      return {
        type: "image_with_text",
        id,
        image: reshapeImage(primary.image),
        imageRight: primary.image_position === "Right",
        heading: text(primary.heading),
        bodyHtml: richTextToHtml(primary.body),
        cta: reshapeLink(primary.cta_label, primary.cta_link),
      };
    }
    case "call_to_action": {
      const { primary } = raw as Content.CallToActionSlice;
      return {
        type: "call_to_action",
        id,
        heading: text(primary.heading),
        textHtml: richTextToHtml(primary.text),
        cta: reshapeLink(primary.button_label, primary.button_link),
        tone: primary.tone === "Sand" ? "sand" : "lagoon",
      };
    }
    case "feature_grid": {
      const { primary } = raw as Content.FeatureGridSlice;
      return {
        type: "feature_grid",
        id,
        heading: text(primary.heading),
        introHtml: richTextToHtml(primary.intro),
        features: (primary.features ?? []).flatMap((feature) =>
          text(feature.title)
            ? [
                {
                  title: text(feature.title),
                  description: text(feature.description),
                  href: linkToHref(feature.link),
                  image: reshapeImage(feature.image),
                },
              ]
            : [],
        ),
      };
    }
    case "image_gallery": {
      const { primary } = raw as Content.ImageGallerySlice;
      return {
        type: "image_gallery",
        id,
        heading: text(primary.heading),
        images: (primary.images ?? []).flatMap((entry) => {
          const image = reshapeImage(entry.image);
          return image ? [{ image, caption: text(entry.caption) }] : [];
        }),
      };
    }
    case "faq": {
      const { primary } = raw as Content.FaqSlice;
      return {
        type: "faq",
        id,
        heading: text(primary.heading),
        questions: (primary.questions ?? []).flatMap((entry) =>
          text(entry.question)
            ? [{ question: text(entry.question), answerHtml: richTextToHtml(entry.answer) }]
            : [],
        ),
      };
    }
    case "testimonials": {
      const { primary } = raw as Content.TestimonialsSlice;
      return {
        type: "testimonials",
        id,
        heading: text(primary.heading),
        quotes: (primary.quotes ?? []).flatMap((entry) =>
          text(entry.quote)
            ? [
                {
                  quote: text(entry.quote),
                  name: text(entry.name),
                  location: text(entry.location),
                  rating: typeof entry.rating === "number" ? entry.rating : null,
                },
              ]
            : [],
        ),
        link: reshapeLink(primary.link_label, primary.link),
      };
    }
    case "featured_products": {
      const { primary } = raw as Content.FeaturedProductsSlice;
      return {
        type: "featured_products",
        id,
        heading: text(primary.heading),
        intro: text(primary.intro),
        products: (primary.products ?? []).flatMap((entry) => {
          const handle = text(entry.handle).trim();
          return handle
            ? [
                {
                  handle,
                  label: text(entry.label) || handle,
                  href: productPath(handle),
                },
              ]
            : [];
        }),
        link: reshapeLink(primary.link_label, primary.link),
      };
    }
    case "embed": {
      const slice = raw as Content.EmbedSlice;
      if (slice.variation === "map") {
        const query = text(slice.primary.map_query) || text(slice.primary.address);
        if (!query) return null;
        return {
          type: "embed",
          id,
          heading: text(slice.primary.heading),
          media: { kind: "map", address: text(slice.primary.address), query },
        };
      }
      const videoId = youtubeVideoId(slice.primary.video?.embed_url);
      if (!videoId) return null;
      return {
        type: "embed",
        id,
        heading: text(slice.primary.heading),
        media: {
          kind: "video",
          videoId,
          title: text(slice.primary.video?.title) || text(slice.primary.heading) || "Video",
          caption: text(slice.primary.caption),
        },
      };
    }
    case "nav_item": {
      const { primary } = raw as Content.NavItemSlice;
      return { type: "nav_item", id, link: reshapeLink(primary.label, primary.link) };
    }
    case "dropdown_nav_item": {
      const { primary } = raw as Content.DropdownNavItemSlice;
      return {
        type: "dropdown_nav_item",
        id,
        link: reshapeLink(primary.label, primary.link),
        links: links(primary.links),
      };
    }
    case "footer_link_list": {
      const { primary } = raw as Content.FooterLinkListSlice;
      return {
        type: "footer_link_list",
        id,
        heading: text(primary.heading),
        links: links(primary.links),
      };
    }
    default:
      return { type: "unknown", id, sliceType: raw.slice_type };
  }
}

export function reshapeSlices(slices: unknown): SliceView[] {
  if (!Array.isArray(slices)) return [];
  return (slices as RawSlice[])
    .filter((slice) => typeof slice?.slice_type === "string")
    .flatMap(
      (slice, position) => reshapeSlice({ ...slice, primary: slice.primary ?? {} }, position) ?? [],
    );
}

export type SliceOf<T extends SliceView["type"]> = Extract<SliceView, { type: T }>;
