// What every content page shares: the common fields, dates, and reading one document through
// the reader (cached, preview-aware), by type or by uid.
import type { Content } from "@prismicio/client";
import type { DocumentMeta } from "../seo";
import type { ContentClient } from "./client.server";
import { reshapeImage, richTextToPlain, text } from "./fields";
import { resolveDocumentPath } from "./link-resolver";
import { type ContentReader, orNull } from "./reader.server";
import { reshapeSlices, type SliceView } from "./slices";

/** What every content page has, whatever its type. */
export interface ContentPage {
  id: string;
  type: string;
  uid: string | null;
  path: string;
  title: string;
  slices: SliceView[];
  meta: DocumentMeta;
  firstPublished: string;
  lastPublished: string;
}

type PageDocument = Content.AllDocumentTypes & {
  data: Content.StandardPageDocumentData | Content.HomePageDocumentData;
};

export function reshapePage(document: Content.AllDocumentTypes): ContentPage {
  const data = (document as PageDocument).data;
  return {
    id: document.id,
    type: document.type,
    uid: document.uid ?? null,
    path: resolveDocumentPath(document),
    title: richTextToPlain(data.title),
    slices: reshapeSlices(data.slices),
    meta: {
      title: text(data.meta_title),
      description: text(data.meta_description),
      image: reshapeImage(data.meta_image),
    },
    firstPublished: document.first_publication_date,
    lastPublished: document.last_publication_date,
  };
}

/** Shown as "12 March 2025"; formatted here so server and browser render the same text. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "";
  const time = Date.parse(value);
  if (Number.isNaN(time)) return "";
  return new Intl.DateTimeFormat("en-AU", { dateStyle: "long", timeZone: "UTC" }).format(time);
}

export type UidType =
  | "standard_page"
  | "shop_page"
  | "thank_you_page"
  | "news_blog_page"
  | "project_page"
  | "online_course_page"
  | "local_course_page";

type DocumentType = Content.AllDocumentTypes["type"];

/** The client's own typing of a document of type T. */
type DocumentOf<T extends DocumentType> =
  Extract<Content.AllDocumentTypes, { type: T }> extends never
    ? Content.AllDocumentTypes
    : Extract<Content.AllDocumentTypes, { type: T }>;

/**
 * What a Prismic UID can be: lowercase, no spaces, no special characters but `-` and `_`
 * (letters of any script allowed). Anything else names no document, and in a query a quote or
 * backslash would break the filter: the content service answers a parsing error, not "none".
 */
const POSSIBLE_UID = /^[\p{L}\p{M}\p{N}_-]+$/u;

export const byUid = async <T extends UidType>(client: ContentClient, type: T, uid: string) =>
  POSSIBLE_UID.test(uid) ? orNull(client.getByUID(type, uid)) : null;

/** A page with only one document of its type, reshaped and cached under the type; null if none. */
export function loadSingle<T extends DocumentType, Page>(
  reader: ContentReader,
  type: T,
  reshape: (document: DocumentOf<T>) => Page,
): Promise<Page | null> {
  return reader.load(type, async (client) => {
    const document = await orNull(client.getSingle(type));
    return document ? reshape(document) : null;
  });
}

/** A page addressed by its uid, reshaped and cached under `type:uid`; null if there is none. */
export function loadByUid<T extends UidType, Page>(
  reader: ContentReader,
  type: T,
  uid: string,
  reshape: (document: DocumentOf<T>) => Page,
): Promise<Page | null> {
  return reader.load(`${type}:${uid}`, async (client) => {
    const document = await byUid(client, type, uid);
    return document ? reshape(document) : null;
  });
}
