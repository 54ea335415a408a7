import { LRUCache } from "lru-cache";
import sanitizeHtml from "sanitize-html";

// Product descriptions are written by merchants in Shopify's editor (or pasted from suppliers'
// sites) and reach the page as raw HTML: only formatting survives, links get safe schemes and
// leave the shop in a new tab without the opener, and scripts, styles, frames and event
// handlers are dropped.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "sub",
    "sup",
    "small",
    "mark",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "blockquote",
    "hr",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "caption",
    "span",
    "div",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowProtocolRelative: false,
  // The page has one h1, the product's title: a description's own h1 becomes a section heading.
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external ? { ...attribs, rel: "noopener noreferrer", target: "_blank" } : attribs,
      };
    },
  },
  exclusiveFilter: (frame) =>
    frame.tag === "p" && !frame.text.trim() && !frame.mediaChildren.length,
};

/**
 * Every view of a product or collection page brings the same description: it is parsed once per
 * process, not on every request. Bounded by characters kept (about 8 MB at most).
 */
const sanitized = new LRUCache<string, string>({
  maxSize: 4_000_000,
  sizeCalculation: (clean, html) => clean.length + html.length || 1,
});

export function sanitizeDescription(html: string): string {
  let clean = sanitized.get(html);
  if (clean === undefined) {
    clean = sanitizeHtml(html, OPTIONS).trim();
    sanitized.set(html, clean);
  }
  return clean;
}
