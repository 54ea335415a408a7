import { useEffect } from "react";
import { createPath, useNavigation } from "react-router";

// product §4, §9: an open page notices a deploy and makes its next navigation a full page load,
// so the shopper lands on the new build's code instead of mixing old code with new data. The
// server answers the build it runs at /build-version; the page knows its own from React Router's
// manifest. The first check comes 1 s after load, then every few minutes and whenever the tab
// comes back into view.

export const BUILD_VERSION_PATH = "/build-version";
const FIRST_CHECK_MS = 1_000;
const CHECK_EVERY_MS = 5 * 60_000;

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string };
  }
}

let newerBuild = false;

async function checkBuild() {
  const running = window.__reactRouterManifest?.version;
  if (!running || newerBuild) return;
  try {
    const response = await fetch(BUILD_VERSION_PATH, { cache: "no-store" });
    const answer: unknown = response.ok ? await response.json() : null;
    const version = (answer as { version?: unknown } | null)?.version;
    if (typeof version === "string" && version !== running) newerBuild = true;
  } catch {
    // Offline, or the server is being replaced: the next check will tell.
  }
}

/**
 * Where a navigation should go as a document load, or null to let React Router carry on. Only
 * page loads (links, GET forms, Back/Forward) qualify: a submitted form's result stays in the app.
 */
export function documentLoadTarget(
  navigation: ReturnType<typeof useNavigation>,
  stale: boolean,
): string | null {
  if (!stale || navigation.state !== "loading") return null;
  if (navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET") return null;
  return createPath(navigation.location);
}

/**
 * Once a newer build is out, a plain click on a link of this shop goes to the browser before React
 * Router sees it: a document load, with no in-app navigation racing it to render the new build's
 * data with this page's code before the page unloads.
 */
function leaveLinkToBrowser(event: MouseEvent) {
  if (!newerBuild || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
  if (link.target && link.target !== "_self") return;
  event.stopPropagation();
}

export function useNewBuildReload() {
  const navigation = useNavigation();
  useEffect(() => {
    if (import.meta.env.DEV) return;
    const first = setTimeout(checkBuild, FIRST_CHECK_MS);
    const every = setInterval(checkBuild, CHECK_EVERY_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") void checkBuild();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("click", leaveLinkToBrowser, true);
    return () => {
      window.removeEventListener("click", leaveLinkToBrowser, true);
      clearTimeout(first);
      clearInterval(every);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
  useEffect(() => {
    const target = documentLoadTarget(navigation, newerBuild);
    if (!target) return;
    // Back/Forward has already put the address in the bar: load it where it is.
    if (target === createPath(window.location)) window.location.reload();
    else window.location.assign(target);
  }, [navigation]);
}
