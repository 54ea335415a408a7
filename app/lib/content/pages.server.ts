import type { Cache } from "../../../server/cache";
import { type ContentClient, prismic, richTextToPlain } from "./client.server";
import { CONTENT_CACHE, CONTENT_CACHE_PREFIX } from "./shell.server";
import { reshapeSlices, type SliceView } from "./slices.server";

export interface ContentPage {
  id: string;
  type: string;
  uid: string | null;
  title: string;
  metaTitle: string;
  metaDescription: string;
  slices: SliceView[];
}

export function reshapePage(document: prismic.PrismicDocument): ContentPage {
  const data = document.data as Record<string, unknown>;
  const title =
    typeof data.title === "string"
      ? data.title
      : richTextToPlain(data.title as prismic.RichTextField);
  return {
    id: document.id,
    type: document.type,
    uid: document.uid ?? null,
    title,
    metaTitle: typeof data.meta_title === "string" ? data.meta_title : "",
    metaDescription: typeof data.meta_description === "string" ? data.meta_description : "",
    slices: reshapeSlices(data.slices),
  };
}

/** A missing document is `null` (the route answers 404); any other failure propagates. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof prismic.NotFoundError) return null;
    throw error;
  }
}

export function loadHomePage(client: ContentClient, cache: Cache): Promise<ContentPage | null> {
  return cache.fetch(
    `${CONTENT_CACHE_PREFIX}home_page`,
    () => orNull(async () => reshapePage(await client.getSingle("home_page"))),
    CONTENT_CACHE,
  );
}

export function loadPageByUid(
  client: ContentClient,
  cache: Cache,
  type: string,
  uid: string,
): Promise<ContentPage | null> {
  return cache.fetch(
    `${CONTENT_CACHE_PREFIX}${type}:${uid}`,
    () => orNull(async () => reshapePage(await client.getByUID(type, uid))),
    CONTENT_CACHE,
  );
}
