import { createElement, Fragment, type ReactNode } from "react";
import type { SharedMarkupSink } from "../components/shared-markup";

// The server's side of <SharedMarkup> (docs/decisions/009-render-cost.md). The first page that
// renders a piece of shared markup renders it in place between two marker elements; once the page
// is complete, the bytes between them are kept and the markers cut out. Later pages render a
// single marker instead, which the kept bytes replace. The browser gets the same bytes either way,
// and hydrates them as markup it rendered itself.

const TAG = "lagoon-shared";
const PLACEHOLDER = `${TAG}-here`;
const START = `${TAG}-start`;
const END = `${TAG}-end`;
const OPEN = Buffer.from(`<${TAG}-`);
// What React writes for an element with only this attribute: `<tag data-slot="N"></tag>`.
const MARKER = /^<lagoon-shared-(here|start|end) data-slot="(\d+)"><\/lagoon-shared-\1>/;
// Enough variants for every cart badge and current-page mark in the header; more are rendered.
const MAX_VARIANTS = 32;

/** Kept markup by source; a source the cache has dropped takes its markup with it. */
const kept = new WeakMap<object, Map<string, Buffer>>();

export interface PageSharedMarkup extends SharedMarkupSink {
  /** The page with every marker replaced; `keep` says whether its markup may be kept. */
  finish(page: Buffer, keep: boolean): Buffer;
}

export function sharedMarkupForPage(): PageSharedMarkup {
  // Each <SharedMarkup> rendered, with the markup it was given when there was some kept.
  const slots: { source: object; variant: string; markup: Buffer | undefined }[] = [];

  return {
    render(source, variant, children): ReactNode {
      const markup = kept.get(source)?.get(variant);
      const slot = String(slots.push({ source, variant, markup }) - 1);
      if (markup) return createElement(PLACEHOLDER, { "data-slot": slot });
      return createElement(
        Fragment,
        null,
        createElement(START, { "data-slot": slot }),
        children,
        createElement(END, { "data-slot": slot }),
      );
    },

    finish(page, keep) {
      if (slots.length === 0) return page;
      const parts: Buffer[] = [];
      let from = 0;
      let start: { slot: number; at: number } | undefined;
      for (let at = page.indexOf(OPEN, from); at !== -1; at = page.indexOf(OPEN, from)) {
        const marker = MARKER.exec(page.toString("latin1", at, at + 80));
        if (!marker) throw new Error(`Unexpected shared-markup marker at ${at}`);
        const [text, kind, number] = marker;
        const slot = Number(number);
        const rendered = slots[slot];
        if (!rendered) throw new Error(`No shared-markup slot ${slot}`);
        parts.push(page.subarray(from, at));
        from = at + text.length;
        if (kind === "here") {
          // Rendered only for a slot that was given markup.
          if (rendered.markup) parts.push(rendered.markup);
        } else if (kind === "start") {
          start = { slot, at: from };
        } else if (start?.slot === slot) {
          // A copy: the page's buffer goes out with the answer.
          if (keep)
            keepMarkup(rendered.source, rendered.variant, Buffer.from(page.subarray(start.at, at)));
          start = undefined;
        }
      }
      parts.push(page.subarray(from));
      return Buffer.concat(parts);
    },
  };
}

function keepMarkup(source: object, variant: string, markup: Buffer) {
  const variants = kept.get(source) ?? new Map<string, Buffer>();
  kept.set(source, variants);
  if (variants.size < MAX_VARIANTS || variants.has(variant)) variants.set(variant, markup);
}
