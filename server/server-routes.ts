/** Paths the server answers itself, before and apart from the app's routes (server/app.ts). */
export const SERVER_ROUTES: ReadonlySet<string> = new Set([
  "/healthz",
  "/readyz",
  // Asked by every open page now and then (a deploy check), never stored.
  "/build-version",
  "/favicon.ico",
]);

/** A request target's path, without its query. */
export function pathOf(target: string): string {
  const query = target.indexOf("?");
  return query === -1 ? target : target.slice(0, query);
}

/**
 * What answers a path apart from the app's routes: the emulators, the server itself (above) or a
 * built file; undefined for the app's routes. The metrics label by it, and the page cache never
 * looks these up.
 */
export function ownPathKind(
  pathname: string,
  isFile: (pathname: string) => boolean,
): "emulators" | "server" | "static" | undefined {
  if (pathname.startsWith("/_emulators/")) return "emulators";
  if (SERVER_ROUTES.has(pathname)) return "server";
  if (pathname.startsWith("/assets/") || isFile(pathname)) return "static";
  return undefined;
}
