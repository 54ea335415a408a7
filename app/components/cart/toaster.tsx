import { lazy, Suspense, useEffect, useState } from "react";
import { onToast, toastQueue } from "./toast-queue";

// Toasts (product §8), asked for with toast-queue.ts's showToast. Sonner, its styles and the layer
// showing them (toast-layer.tsx, ≈ 15 KiB gzip) load the first time a toast is shown, so they
// stay out of every page's first load (docs/decisions/001-javascript-budget.md).

/**
 * Sonner adds its stylesheet as a <style> element when it loads; the CSP admits styles carrying
 * the page's nonce only, so the element gets the nonce React Router's scripts carry.
 */
function loadWithStyleNonce<T>(load: () => Promise<T>): Promise<T> {
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  const createElement = document.createElement;
  if (nonce) {
    document.createElement = function (this: Document, tagName: string, options?: object) {
      const element = createElement.call(this, tagName, options);
      if (tagName.toLowerCase() === "style") element.setAttribute("nonce", nonce);
      return element;
    } as typeof document.createElement;
  }
  return load().finally(() => {
    document.createElement = createElement;
  });
}

const ToastLayer = lazy(() => loadWithStyleNonce(() => import("./toast-layer")));

/** Where toasts appear; renders nothing until the first toast. */
export function ToastHost() {
  // Nothing at first, as on the server: the host hydrates after the page's other parts, whose
  // effects may already have queued a toast (the cart notice's, on page load); a first render that
  // showed it would not match the server's markup.
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const unsubscribe = onToast(() => setWanted(true));
    if (toastQueue.length > 0) setWanted(true);
    return unsubscribe;
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastLayer />
    </Suspense>
  ) : null;
}
