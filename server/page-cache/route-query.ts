import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { PageQueryHandle } from "../../app/lib/page-cache";
import { pageOfDataRequest } from "./key";

/** React Router's own parameter on `.data` requests: which routes' data to send. */
const DATA_ROUTES_PARAM = "_routes";
const REMEMBERED_PATHS = 2_000;

/** What the build's routes say about a path: the page's declared query, and the route's id. */
interface RouteFacts {
  query: readonly string[] | undefined;
  routeId: string | undefined;
}

/** Facts about the paths asked most, per build: matching ranks every route each time. */
const factsByBuild = new WeakMap<ServerBuild, (pathname: string) => RouteFacts>();

function routeFactsOf(build: ServerBuild): (pathname: string) => RouteFacts {
  let facts = factsByBuild.get(build);
  if (!facts) {
    const routes = routeTree(build);
    const known = new LRUCache<string, RouteFacts>({ max: REMEMBERED_PATHS });
    facts = (pathname) => {
      let found = known.get(pathname);
      if (!found) {
        found = factsOf(routes, pathname);
        known.set(pathname, found);
      }
      return found;
    };
    factsByBuild.set(build, facts);
  }
  return facts;
}

/**
 * The query parameters the page at a path reads, as its routes declare them (`handle.pageQuery`,
 * app/lib/page-cache.ts), or undefined when a route there declares nothing: then every parameter
 * counts. A `.data` request (React Router's data for the page) reads the page's parameters and
 * `_routes`.
 */
export function pageQueryOf(
  build: ServerBuild,
): (pathname: string) => readonly string[] | undefined {
  const facts = routeFactsOf(build);
  return (pathname) => facts(pathname).query;
}

/** The id of the route that answers a path (a `.data` request: its page's), for the metrics. */
export function routeIdOf(build: ServerBuild): (pathname: string) => string | undefined {
  const facts = routeFactsOf(build);
  return (pathname) => facts(pathname).routeId;
}

function factsOf(routes: RouteObject[], pathname: string): RouteFacts {
  const data = pageOfDataRequest(pathname);
  const matches = matchRoutes(routes, data ?? pathname);
  if (!matches) return { query: undefined, routeId: undefined };
  const leaf = matches[matches.length - 1]?.route;
  const handle = leaf?.handle as Partial<PageQueryHandle> | undefined;
  const routeId = leaf?.id;
  if (!Array.isArray(handle?.pageQuery)) return { query: undefined, routeId };
  const query = data === undefined ? handle.pageQuery : [...handle.pageQuery, DATA_ROUTES_PARAM];
  return { query, routeId };
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
