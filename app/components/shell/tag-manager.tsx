// Google Tag Manager (product §5), only where GTM_ID is set: Google's snippet, carrying the page's
// CSP nonce on to the gtm.js it loads, the noscript frame, and a page_view on each client-side
// navigation (the first page view is GTM's own). The CSP allows exactly GTM's hosts then
// (server/security.ts). The page views and the cart's events are data-layer.ts's.

// Only the server's markup needs the snippet's text (see root.tsx).
const snippet = (id: string) =>
  !import.meta.env.SSR
    ? ""
    : `(function(w,d,l,i){w[l]=w[l]||[];w[l].push({"gtm.start":Date.now(),event:"gtm.js"});var s=d.currentScript,j=d.createElement("script");j.async=true;j.src="https://www.googletagmanager.com/gtm.js?id="+encodeURIComponent(i);if(s&&s.nonce)j.nonce=s.nonce;d.head.appendChild(j)})(window,document,"dataLayer",${JSON.stringify(id)})`;

export function TagManagerScript({ id, nonce }: { id: string; nonce: string | undefined }) {
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: Google's snippet; the id is validated (GTM-…) and JSON-encoded.
      dangerouslySetInnerHTML={{ __html: snippet(id) }}
    />
  );
}

export function TagManagerNoScript({ id }: { id: string }) {
  return (
    // The browser never shows a <noscript>'s content while scripts run: the server's is enough.
    <noscript>
      {import.meta.env.SSR ? (
        <iframe
          title="Google Tag Manager"
          src={`https://www.googletagmanager.com/ns.html?id=${encodeURIComponent(id)}`}
          height="0"
          width="0"
          style={{ display: "none", visibility: "hidden" }}
        />
      ) : null}
    </noscript>
  );
}
