import type { NavigationItem } from "../../lib/content/shell.server";

/**
 * Whether the page at `pathname` is under a top-level navigation link's path, which the header
 * marks as the current page: the path itself or one below it, letter case aside, as React Router's
 * NavLink decides ("/" only for the home page).
 */
export function isCurrentPath(href: string, pathname: string): boolean {
  const path = href.replace(/[?#].*$/, "").toLowerCase();
  const page = pathname.toLowerCase();
  if (path === "" || page === path) return true;
  const end = path !== "/" && path.endsWith("/") ? path.length - 1 : path.length;
  return page.startsWith(path) && page.charAt(end) === "/";
}

/** Which of the header's top-level links are current: what of the header the page changes. */
export function currentNavigation(navigation: NavigationItem[], pathname: string): string {
  return navigation
    .map((item) =>
      item.children.length === 0 && isCurrentPath(item.href ?? "/", pathname) ? "1" : "0",
    )
    .join("");
}
