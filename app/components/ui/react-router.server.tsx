import { createElement, forwardRef } from "react";
import { type LinkProps, Link as RouterLink } from "react-router";

// React Router as the server build of the app sees it (vite.config.ts, decision 009): all of it,
// but for a lighter Link and a ServerRouter that makes the routes once per build.
export * from "react-router";
export { ServerRouter } from "./server-router.server";

/**
 * An absolute path that React Router prints as it is: no `//`, `.` or `..` segment to resolve, no
 * backslash, no empty `?` or `#` to drop. Each segment can end only where a `/` starts the next,
 * so a path that is not plain is told apart in one pass (a looser pattern backtracked
 * exponentially on a long path ending in `#`).
 */
const PLAIN_PATH = /^\/(?:[^/?#.\\][^/?#\\]*(?:\/[^/?#.\\][^/?#\\]*)*\/?)?(?:\?[^#]+)?(?:#.+)?$/;

/** Link's own props, and what the browser does on a click: none of it is the anchor's markup. */
const NOT_MARKUP = new Set([
  "to",
  "discover",
  "prefetch",
  "mask",
  "target",
  "onClick",
  "replace",
  "state",
  "preventScrollReset",
  "viewTransition",
  "relative",
  "reloadDocument",
  "defaultShouldRevalidate",
]);

/**
 * A link to a plain path is, on the server, only its `<a>`: React Router's Link resolves the path
 * against the route matches twice and sets up click and prefetch handling that never runs there,
 * and every page holds about a hundred links. The markup is the very markup Link renders
 * (react-router.server.test.tsx compares the two), so the browser hydrates it as a Link.
 * Anything else goes to React Router's Link.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const { to, discover = "render", prefetch = "none", mask, target } = props;
  if (typeof to !== "string" || !PLAIN_PATH.test(to) || prefetch !== "none" || mask) {
    return <RouterLink ref={ref} {...props} />;
  }
  // The anchor's props in Link's order, so the HTML is the same to the byte. Copied key by key:
  // `{ ...rest }` after a destructuring rest cost about 2.8 µs a link (30 times as much), 4 % of a
  // collection page's CPU.
  const anchor: Record<string, unknown> = {};
  for (const key of Object.keys(props)) {
    if (!NOT_MARKUP.has(key)) anchor[key] = props[key as keyof LinkProps];
  }
  anchor.href = to;
  anchor.ref = ref;
  anchor.target = target;
  anchor["data-discover"] = discover === "render" ? "true" : undefined;
  return createElement("a", anchor);
});
