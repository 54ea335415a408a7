import { useEffect } from "react";
import { useLocation } from "react-router";

// Google Tag Manager (product §5), only where GTM_ID is set: Google's snippet, carrying the page's
// CSP nonce on to the gtm.js it loads, the noscript frame, and a page_view on each client-side
// navigation (the first page view is GTM's own). The CSP allows exactly GTM's hosts then
// (server/security.ts).

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

const snippet = (id: string) =>
  `(function(w,d,l,i){w[l]=w[l]||[];w[l].push({"gtm.start":Date.now(),event:"gtm.js"});var s=d.currentScript,j=d.createElement("script");j.async=true;j.src="https://www.googletagmanager.com/gtm.js?id="+encodeURIComponent(i);if(s&&s.nonce)j.nonce=s.nonce;d.head.appendChild(j)})(window,document,"dataLayer",${JSON.stringify(id)})`;

export function TagManagerScript({ id, nonce }: { id: string; nonce: string | undefined }) {
  return (
    <script
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: Google's snippet; the id is validated (GTM-…) and JSON-encoded.
      dangerouslySetInnerHTML={{ __html: snippet(id) }}
    />
  );
}

export function TagManagerNoScript({ id }: { id: string }) {
  return (
    <noscript>
      <iframe
        title="Google Tag Manager"
        src={`https://www.googletagmanager.com/ns.html?id=${encodeURIComponent(id)}`}
        height="0"
        width="0"
        style={{ display: "none", visibility: "hidden" }}
      />
    </noscript>
  );
}

/** Pushes a page_view for every client-side navigation after the first page. */
export function useTagManagerPageViews(enabled: boolean) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!enabled) return;
    const first = !window.dataLayer?.some((entry) => entry.event === "lagoon.ready");
    if (first) {
      window.dataLayer?.push({ event: "lagoon.ready" });
      return;
    }
    window.dataLayer?.push({ event: "page_view", page_path: `${pathname}${search}` });
  }, [enabled, pathname, search]);
}

/** product §5: the cart tells GTM what was added. */
export function pushAddToCart(item: { id: string; quantity: number }) {
  window.dataLayer?.push({
    event: "add_to_cart",
    ecommerce: { items: [{ item_id: item.id, quantity: item.quantity }] },
  });
}
