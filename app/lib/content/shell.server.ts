import type { Content } from "@prismicio/client";
import type { Logger } from "pino";
import { untilAborted } from "../abort";
import type { Cache } from "../cache";
import { oncePerObject } from "../once-per-object";
import { type ContentClient, sharedReadSignal } from "./client.server";
import { type ContentImage, linkToHref, reshapeImage, text } from "./fields";

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

/** Who the shop is, for structured data (product §3's business, from the settings document). */
export interface Organisation {
  name: string;
  logo: ContentImage | null;
  phone: string;
  email: string;
  address: {
    streetAddress: string;
    addressLocality: string;
    addressRegion: string;
    postalCode: string;
    addressCountry: string;
  } | null;
}

/** What every page's frame shows, reshaped from the `settings` and `navigation` documents. */
export interface Shell {
  siteName: string;
  metaTitle: string;
  metaDescription: string;
  /** The settings' social image: the fallback for pages without their own. */
  socialImage: ContentImage | null;
  organisation: Organisation;
  announcements: ShellLink[];
  navigation: NavigationItem[];
  footerLists: { heading: string; links: ShellLink[] }[];
  contactInfo: { label: string; text: string; href: string | null }[];
  socialLinks: { platform: SocialPlatform; href: string }[];
}

function links(
  group: readonly {
    label?: unknown;
    text?: unknown;
    link?: Content.SettingsDocumentDataAnnouncementsItem["link"];
  }[],
): ShellLink[] {
  return group.flatMap((entry) => {
    const href = linkToHref(entry.link);
    const label = text(entry.label) || text(entry.text);
    return href && label ? [{ label, href }] : [];
  });
}

export function reshapeShell(
  settings: Content.SettingsDocument,
  navigation: Content.NavigationDocument,
): Shell {
  const { data } = settings;
  const address = {
    streetAddress: text(data.street_address),
    addressLocality: text(data.locality),
    addressRegion: text(data.region),
    postalCode: text(data.postal_code),
    addressCountry: text(data.country),
  };
  return {
    siteName: text(data.site_name),
    metaTitle: text(data.meta_title),
    metaDescription: text(data.meta_description),
    socialImage: reshapeImage(data.meta_image),
    organisation: {
      name: text(data.site_name),
      logo: reshapeImage(data.logo),
      phone: text(data.phone),
      email: text(data.email),
      address: address.streetAddress ? address : null,
    },
    announcements: links(data.announcements),
    navigation: navigation.data.slices.flatMap((slice): NavigationItem[] => {
      const label = text(slice.primary.label);
      if (!label) return [];
      const href = linkToHref(slice.primary.link);
      const children = slice.slice_type === "dropdown_nav_item" ? links(slice.primary.links) : [];
      return [{ label, href, children }];
    }),
    footerLists: navigation.data.slices1.map((slice) => ({
      heading: text(slice.primary.heading),
      links: links(slice.primary.links),
    })),
    contactInfo: navigation.data.footer_contact_info.map((entry) => ({
      label: text(entry.label),
      text: text(entry.text),
      href: linkToHref(entry.link),
    })),
    socialLinks: navigation.data.social_media.flatMap((entry) => {
      const platform = SOCIAL_PLATFORMS.find((name) => name === entry.platform);
      const href = linkToHref(entry.social_link);
      return platform && href ? [{ platform, href }] : [];
    }),
  };
}

/**
 * The shell as every page sends it to the browser: the organisation and the social image only
 * feed head tags and structured data, which the loaders build on the server.
 */
export type PageShell = Omit<Shell, "organisation" | "socialImage">;

/**
 * The same object for the same shell (the cache hands every request the same frozen value), so
 * that its JSON text is made once per shell (json-text.ts).
 */
export const pageShell = oncePerObject((shell: Shell): PageShell => {
  const { organisation: _organisation, socialImage: _image, ...rest } = shell;
  return rest;
});

export const CONTENT_CACHE_PREFIX = "content:";
/** Fresh for a minute, then served stale for a day while refreshing (ARCHITECTURE.md rule 5). */
export const CONTENT_CACHE = { ttlSeconds: 60, swrSeconds: 24 * 60 * 60 };

/**
 * The shell, from the cache while it has one. `client` makes the content client a read needs,
 * only when it comes to reading: most pages find the shell in the cache.
 */
export function loadShell(
  client: (signal: AbortSignal) => ContentClient,
  cache: Cache,
  signal?: AbortSignal,
): Promise<Shell> {
  return cache.fetch(
    `${CONTENT_CACHE_PREFIX}shell`,
    async (loadSignal) => {
      const signal = sharedReadSignal(loadSignal);
      const content = client(signal);
      const [settings, navigation] = await Promise.all([
        content.getSingle("settings", { signal }),
        content.getSingle("navigation", { signal }),
      ]);
      return reshapeShell(settings, navigation);
    },
    CONTENT_CACHE,
    signal,
  );
}

/**
 * The frame when the content service cannot give one: the shop's name and the links a shopper
 * needs to keep buying, so a content outage leaves the catalogue up.
 */
export const BUILT_IN_SHELL: Shell = {
  siteName: "Coral Bay Pool & Spa",
  metaTitle: "Coral Bay Pool & Spa",
  metaDescription: "",
  socialImage: null,
  organisation: { name: "Coral Bay Pool & Spa", logo: null, phone: "", email: "", address: null },
  announcements: [],
  navigation: [
    { label: "Shop", href: "/store/collections/all", children: [] },
    { label: "Search", href: "/search", children: [] },
    { label: "Account", href: "/account", children: [] },
  ],
  footerLists: [],
  contactInfo: [],
  socialLinks: [],
};

/** The last shell this process read, for when the shared cache has none either. */
let lastGoodShell: Shell | undefined;

/**
 * The shell for every page's frame, which never fails: the cache's copy (served stale for a day
 * while refreshing), else the last copy this process read, else the built-in one. Only content
 * pages need the content service; catalogue pages must not go down with it.
 */
export async function loadShellOrFallback(
  client: (signal: AbortSignal) => ContentClient,
  cache: Cache,
  signal: AbortSignal,
  logger: Pick<Logger, "warn">,
): Promise<Shell> {
  try {
    lastGoodShell = await untilAborted(loadShell(client, cache, signal), signal);
    return lastGoodShell;
  } catch (error) {
    logger.warn({ err: error }, "content service failed; the shell falls back");
    return lastGoodShell ?? BUILT_IN_SHELL;
  }
}
