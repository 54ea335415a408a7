import { type ComponentType, lazy } from "react";

/**
 * React.lazy for a component that only some pages need (a cart's lines, a course's participant
 * form), so it stays out of every page's first load. The server loads it at start and renders it
 * without suspending, so a page without JavaScript gets the whole markup; the browser fetches it
 * when first rendered, and hydrates the server's markup once it has it. Render it inside a
 * <PartSuspense> (part-suspense.tsx), so the page knows when it has hydrated.
 *
 * With `hydrate: "when-idle"` the browser waits for the first idle moment after the page's own
 * code ran, or the shopper's first touch, key or focus, whichever comes first: until then the
 * server's markup stays as it is (links, forms and the native dialogs work as without
 * JavaScript), and the page's first load carries none of its code (docs/decisions/001). Its
 * <PartSuspense> should be its own, so that the rest of the page hydrates without it.
 */
export function lazyComponent<Props>(
  load: () => Promise<ComponentType<Props>>,
  options: { hydrate?: "when-idle" } = {},
): ComponentType<Props> {
  const start = () => load().then((component) => ({ default: component }));
  // The server starts every part's load with its module, so a part is there by the first page.
  const onServer = import.meta.env.SSR ? track(start()) : undefined;
  const deferred = options.hydrate === "when-idle" && !import.meta.env.SSR;
  return lazy(() => {
    if (onServer) return onServer;
    // Each deferred part starts its load in a task of its own: a page has a dozen, and starting
    // them all in the idle callback made one long task of it (decision 001).
    return deferred ? whenIdleOrUsed().then(nextTask).then(start) : start();
  });
}

// The server starts loading every part when its module is first imported: the parts still on
// their way, so that a test can let them arrive before it ends (tests/support/vitest-setup.ts).
const serverLoads = new Set<Promise<unknown>>();

function track<T>(loading: Promise<T>): Promise<T> {
  serverLoads.add(loading);
  void loading.then(
    () => serverLoads.delete(loading),
    () => serverLoads.delete(loading),
  );
  return loading;
}

/** Resolves once no part's code is loading on the server, including parts those parts load. */
export async function serverLoadsSettled(): Promise<void> {
  while (serverLoads.size > 0) await Promise.allSettled([...serverLoads]);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let idleOrUsed: Promise<void> | undefined;
/** The shopper's first use of the page: touch, key or focus. */
export const FIRST_USE = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

/** The browser's first idle moment, or the shopper's first touch, key or focus. */
export function whenIdleOrUsed(): Promise<void> {
  idleOrUsed ??= new Promise((resolve) => {
    const go = () => {
      for (const type of FIRST_USE) removeEventListener(type, go, true);
      resolve();
    };
    for (const type of FIRST_USE) addEventListener(type, go, { capture: true, passive: true });
    if ("requestIdleCallback" in window) requestIdleCallback(go, { timeout: 2_000 });
    else setTimeout(go, 200);
  });
  return idleOrUsed;
}
