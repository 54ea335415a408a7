import { lazy, Suspense, useEffect, useState } from "react";

// Toasts (SPEC §8). Sonner, its styles and the layer showing them (toast-layer.tsx, ≈ 15 KiB
// gzip) load the first time a toast is shown, so they stay out of every page's first load
// (docs/decisions/001-javascript-budget.md).

export interface Toast {
  title: string;
  description?: string;
  kind?: "error" | "info";
  /** SPEC §9: 5 s or 3 s; Sonner's default (4 s) otherwise. */
  durationMs?: number;
}

/** Toasts not yet handed to the layer; it takes them as it loads and as they come. */
export const toastQueue: Toast[] = [];
const listeners = new Set<() => void>();

export function onToast(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function showToast(toast: Toast): void {
  toastQueue.push(toast);
  for (const listener of listeners) listener();
}

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
  const [wanted, setWanted] = useState(toastQueue.length > 0);
  useEffect(() => {
    const unsubscribe = onToast(() => setWanted(true));
    // A toast asked for by an earlier sibling's effect (a notice on page load) is already queued.
    if (toastQueue.length > 0) setWanted(true);
    return unsubscribe;
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastLayer />
    </Suspense>
  ) : null;
}
