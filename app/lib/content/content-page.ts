import type { MetaDescriptor } from "react-router";
import { type JsonText, readJsonText } from "../json-text";
import type { Breadcrumb, PageHead } from "../seo";

/**
 * What a content page's loader sends as one JSON text (json-text.ts), read with `readJsonText`:
 * its documents, its trail when it has one, and its head.
 */
export type ContentPageText<Documents> = Documents & { crumbs?: Breadcrumb[]; seo: PageHead };

/** A content page's `meta`: the head tags its loader laid out. */
export function contentPageMeta({
  loaderData,
}: {
  loaderData?: { content: JsonText<{ seo: PageHead }> };
}): MetaDescriptor[] {
  return loaderData ? readJsonText(loaderData.content).seo.meta : [];
}
