import { createContext, type ReactNode, Suspense, useContext } from "react";

/**
 * Markup that many pages share, rendered once and pasted into the pages after it
 * (app/lib/shared-markup.server.ts, docs/decisions/009-render-cost.md). The server gives the
 * render a sink; the browser has none, and renders and hydrates the children as ever.
 */
export interface SharedMarkupSink {
  render(source: object, variant: string, children: ReactNode): ReactNode;
}

// Pure, so that a browser build with no use for it leaves the module out (routes/product.tsx).
const SharedMarkupContext = /* @__PURE__ */ createContext<SharedMarkupSink | null>(null);

export function SharedMarkupProvider({
  value,
  children,
}: {
  value: SharedMarkupSink | null;
  children: ReactNode;
}) {
  return <SharedMarkupContext value={value}>{children}</SharedMarkupContext>;
}

/**
 * The children's markup must be a function of `source` (by identity: a value the cache hands to
 * every request alike) and `variant` (whatever else it shows). It is pasted into other pages, so it
 * must hold no `useId` value (an id depends on where React rendered it), no nonce, and nothing of
 * the shopper beyond what `variant` names.
 */
export function SharedMarkup({
  source,
  variant,
  children,
}: {
  source: object;
  /** `null`: this page's markup is its own, rendered in place and not kept. */
  variant: string | null;
  children: ReactNode;
}) {
  const sink = useContext(SharedMarkupContext);
  // A boundary of its own keeps the markup apart from text around it: React separates adjacent
  // text with a comment, which the markup pasted elsewhere would lack or carry wrongly. (The
  // product page renders this boundary itself in the browser, to leave this module out of its
  // first load: change both together.)
  const part = <Suspense fallback={null}>{children}</Suspense>;
  return sink && variant !== null ? sink.render(source, variant, part) : part;
}
