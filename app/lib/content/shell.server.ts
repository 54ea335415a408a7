import type { Cache } from "../../../server/cache";
import { type ContentClient, linkToHref, type prismic } from "./client.server";

export const SOCIAL_PLATFORMS = [
  "Facebook",
  "Instagram",
  "LinkedIn",
  "TikTok",
  "X",
  "YouTube",
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export interface ShellLink {
  label: string;
  href: string;
}

export interface NavigationItem {
  label: string;
  href: string | null;
  children: ShellLink[];
}

/** What every page's frame shows, reshaped from the `settings` and `navigation` documents. */
export interface Shell {
  siteName: string;
  metaTitle: string;
  metaDescription: string;
  announcements: ShellLink[];
  navigation: NavigationItem[];
  footerLists: { heading: string; links: ShellLink[] }[];
  contactInfo: { label: string; text: string; href: string | null }[];
  socialLinks: { platform: SocialPlatform; href: string }[];
}

type Group = Record<string, unknown>[] | null | undefined;

const text = (value: unknown): string => (typeof value === "string" ? value : "");

function links(group: Group): ShellLink[] {
  return (group ?? []).flatMap((entry) => {
    const href = linkToHref(entry.link as prismic.LinkField);
    const label = text(entry.label) || text(entry.text);
    return href && label ? [{ label, href }] : [];
  });
}

interface SliceLike {
  slice_type: string;
  primary: Record<string, unknown>;
}

export function reshapeShell(
  settings: prismic.PrismicDocument,
  navigation: prismic.PrismicDocument,
): Shell {
  const slices = (navigation.data.slices ?? []) as SliceLike[];
  const footerSlices = (navigation.data.slices1 ?? []) as SliceLike[];
  return {
    siteName: text(settings.data.site_name),
    metaTitle: text(settings.data.meta_title),
    metaDescription: text(settings.data.meta_description),
    announcements: links(settings.data.announcements as Group),
    navigation: slices.flatMap((slice): NavigationItem[] => {
      const label = text(slice.primary.label);
      if (!label) return [];
      const href = linkToHref(slice.primary.link as prismic.LinkField);
      const children =
        slice.slice_type === "dropdown_nav_item" ? links(slice.primary.links as Group) : [];
      return [{ label, href, children }];
    }),
    footerLists: footerSlices.map((slice) => ({
      heading: text(slice.primary.heading),
      links: links(slice.primary.links as Group),
    })),
    contactInfo: ((navigation.data.footer_contact_info ?? []) as Record<string, unknown>[]).map(
      (entry) => ({
        label: text(entry.label),
        text: text(entry.text),
        href: linkToHref(entry.link as prismic.LinkField),
      }),
    ),
    socialLinks: ((navigation.data.social_media ?? []) as Record<string, unknown>[]).flatMap(
      (entry) => {
        const platform = SOCIAL_PLATFORMS.find((name) => name === entry.platform);
        const href = linkToHref(entry.social_link as prismic.LinkField);
        return platform && href ? [{ platform, href }] : [];
      },
    ),
  };
}

export const CONTENT_CACHE_PREFIX = "content:";
export const CONTENT_CACHE = { ttlSeconds: 60, swrSeconds: 24 * 60 * 60 };

export function loadShell(client: ContentClient, cache: Cache): Promise<Shell> {
  return cache.fetch(
    `${CONTENT_CACHE_PREFIX}shell`,
    async () => {
      const [settings, navigation] = await Promise.all([
        client.getSingle("settings"),
        client.getSingle("navigation"),
      ]);
      return reshapeShell(settings, navigation);
    },
    CONTENT_CACHE,
  );
}
