import { type ComponentType, createElement, lazy, useEffect } from "react";

/**
 * React.lazy for a component that only some pages need (a cart's lines, a course's participant
 * form), so it stays out of every page's first load. The server loads it at start and renders it
 * without suspending, so a page without JavaScript gets the whole markup; the browser fetches it
 * when first rendered, and hydrates the server's markup once it has it.
 *
 * With `hydrate: "when-idle"` the browser waits for the first idle moment after the page's own
 * code ran, or the shopper's first touch, key or focus, whichever comes first: until then the
 * server's markup stays as it is (links, forms and the native dialogs work as without
 * JavaScript), and the page's first load carries none of its code (docs/decisions/001). Render it
 * inside a <Suspense> boundary of its own, so that the rest of the page hydrates without it.
 */
export function lazyComponent<Props>(
  load: () => Promise<ComponentType<Props>>,
  options: { hydrate?: "when-idle" } = {},
): ComponentType<Props> {
  let loaded: ComponentType<Props> | undefined;
  const start = () =>
    load().then((component) => {
      loaded = component;
      return { default: component };
    });
  if (import.meta.env.SSR) void start();
  const deferred = options.hydrate === "when-idle" && !import.meta.env.SSR;
  return lazy(() => {
    if (loaded) {
      // A thenable that resolves at once: React renders a resolved lazy component in place.
      return {
        // biome-ignore lint/suspicious/noThenProperty: React.lazy accepts any thenable
        then: (resolve: (module: { default: ComponentType<Props> }) => void) =>
          resolve({ default: loaded as ComponentType<Props> }),
      } as unknown as Promise<{ default: ComponentType<Props> }>;
    }
    if (!deferred) return start();
    const done = expectDeferredPart();
    return whenIdleOrUsed()
      .then(load)
      .then(
        (component) => {
          loaded = component;
          return { default: reportingMount(component, done) };
        },
        (error: unknown) => {
          done();
          throw error;
        },
      );
  }) as unknown as ComponentType<Props>;
}

/** The component, telling `done` the first time it is on the page (hydrated). */
function reportingMount<Props>(component: ComponentType<Props>, done: () => void) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part when its code arrives, not while rendering.
  return function Mounted(props: Props) {
    useEffect(done, []);
    return createElement(component as ComponentType<object>, props as object);
  };
}

let idleOrUsed: Promise<void> | undefined;
const FIRST_USE = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

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

// Parts waiting for their code, so the page can say when all of it is interactive.
let waiting = 0;
const whenNoneWaiting: (() => void)[] = [];

function expectDeferredPart() {
  waiting += 1;
  let reported = false;
  return () => {
    if (reported) return;
    reported = true;
    waiting -= 1;
    if (waiting === 0) for (const resolve of whenNoneWaiting.splice(0)) resolve();
  };
}

/** Resolves once every part rendered `when-idle` so far has hydrated. */
export function deferredPartsHydrated(): Promise<void> {
  return waiting === 0
    ? Promise.resolve()
    : new Promise((resolve) => whenNoneWaiting.push(resolve));
}
