import { useEffect } from "react";
import { useLocation } from "react-router";

// What the shop tells Google Tag Manager (product §5) where it runs (tag-manager.tsx).

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
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
