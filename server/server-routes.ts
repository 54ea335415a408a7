/** Paths the server answers itself, before and apart from the app's routes (server/app.ts). */
export const SERVER_ROUTES: ReadonlySet<string> = new Set([
  "/healthz",
  "/readyz",
  // Asked by every open page now and then (a deploy check), never stored.
  "/build-version",
  "/favicon.ico",
]);
