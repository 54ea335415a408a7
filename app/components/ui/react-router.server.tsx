import { forwardRef } from "react";
import { type LinkProps, Link as RouterLink } from "react-router";

// React Router as the server build of the app sees it (vite.config.ts, decision 009): all of it,
// but for a lighter Link.
export * from "react-router";

/**
 * An absolute path that React Router prints as it is: no `//`, `.` or `..` segment to resolve, no
 * backslash, no empty `?` or `#` to drop. Each segment can end only where a `/` starts the next,
 * so a path that is not plain is told apart in one pass (a looser pattern backtracked
 * exponentially on a long path ending in `#`).
 */
const PLAIN_PATH = /^\/(?:[^/?#.\\][^/?#\\]*(?:\/[^/?#.\\][^/?#\\]*)*\/?)?(?:\?[^#]+)?(?:#.+)?$/;

/**
 * A link to a plain path is, on the server, only its `<a>`: React Router's Link resolves the path
 * against the route matches twice and sets up click and prefetch handling that never runs there,
 * and every page holds about a hundred links. The markup is the very markup Link renders
 * (react-router.server.test.tsx compares the two), so the browser hydrates it as a Link.
 * Anything else goes to React Router's Link.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const {
    to,
    discover = "render",
    prefetch = "none",
    mask,
    target,
    // What the browser does on a click: nothing of it is markup.
    onClick: _onClick,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    relative: _relative,
    reloadDocument: _reloadDocument,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    ...rest
  } = props;
  if (typeof to !== "string" || !PLAIN_PATH.test(to) || prefetch !== "none" || mask) {
    return <RouterLink ref={ref} {...props} />;
  }
  // In Link's order, so the HTML is the same to the byte.
  return (
    <a
      {...rest}
      href={to}
      ref={ref}
      target={target}
      data-discover={discover === "render" ? "true" : undefined}
    />
  );
});
