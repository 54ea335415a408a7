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
    return () => {
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
