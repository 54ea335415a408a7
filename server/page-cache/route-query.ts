import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { PageQueryHandle } from "../../app/lib/page-cache";
import { pageOfDataRequest } from "./key";

/** React Router's own parameter on `.data` requests: which routes' data to send. */
const DATA_ROUTES_PARAM = "_routes";
const REMEMBERED_PATHS = 2_000;

/**
 * The query parameters the page at a path reads, as its routes declare them (`handle.pageQuery`,
 * app/lib/page-cache.ts), or undefined when a route there declares nothing: then every parameter
 * counts. A `.data` request (React Router's data for the page) reads the page's parameters and
 * `_routes`.
 */
export function pageQueryOf(
  build: ServerBuild,
): (pathname: string) => readonly string[] | undefined {
  const routes = routeTree(build);
  // Matching ranks every route each time: remember the answer for the paths asked most.
  const known = new LRUCache<string, { query: readonly string[] | undefined }>({
    max: REMEMBERED_PATHS,
  });
  return (pathname) => {
    let found = known.get(pathname);
    if (!found) {
      found = { query: declaredQuery(routes, pathname) };
      known.set(pathname, found);
    }
    return found.query;
  };
}

function declaredQuery(routes: RouteObject[], pathname: string): readonly string[] | undefined {
  const data = pageOfDataRequest(pathname);
  const matches = matchRoutes(routes, data ?? pathname);
  if (!matches) return undefined;
  const leaf = matches[matches.length - 1]?.route.handle as Partial<PageQueryHandle> | undefined;
  if (!Array.isArray(leaf?.pageQuery)) return undefined;
  return data === undefined ? leaf.pageQuery : [...leaf.pageQuery, DATA_ROUTES_PARAM];
}

/** The build's routes as React Router's route objects, each with its module's `handle`. */
function routeTree(build: ServerBuild): RouteObject[] {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map(({ id, path, caseSensitive, index, module }) => {
        const common = { id, path, caseSensitive, handle: module.handle };
        if (index) return { ...common, index: true as const };
        const children = childrenOf(id);
        return { ...common, children: children.length > 0 ? children : undefined };
      });
  return childrenOf(undefined);
}
