import { createContext, type ReactNode, Suspense, useContext } from "react";

/**
 * Markup that many pages share, rendered once and pasted into the pages after it
 * (app/lib/shared-markup.server.ts, docs/decisions/009-render-cost.md). The server gives the
 * render a sink; the browser has none, and renders and hydrates the children as ever.
 */
export interface SharedMarkupSink {
  render(source: object, variant: string, children: ReactNode): ReactNode;
}

const SharedMarkupContext = createContext<SharedMarkupSink | null>(null);

export const SharedMarkupProvider = SharedMarkupContext.Provider;

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
  // text with a comment, which the markup pasted elsewhere would lack or carry wrongly.
  const part = <Suspense fallback={null}>{children}</Suspense>;
  return sink && variant !== null ? sink.render(source, variant, part) : part;
}
