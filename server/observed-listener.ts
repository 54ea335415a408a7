import type { RequestListener } from "node:http";
import type { Metrics } from "./metrics";
import { inRequest, newRequestScope, requestIdOf } from "./request-scope";
import { ownPathKind, pathOf } from "./server-routes";

export interface ObservedOptions {
  /** Express's compiled `trust proxy`: whether the peer at `address` is a trusted proxy. */
  trustsProxy(address: string, hop: number): boolean;
  metrics?: Metrics;
  /** The app's route id for a path (undefined for none, or while developing). */
  routeOf?(pathname: string): string | undefined;
  isFile?(pathname: string): boolean;
}

/**
 * The server's outermost listener: every request gets its scope (id, timings) before the page
 * cache or the app sees it, and is counted in the metrics once answered.
 */
export function observedListener(
  inner: RequestListener,
  { trustsProxy, metrics, routeOf, isFile = () => false }: ObservedOptions,
): RequestListener {
  const routeLabel = (target: string): string => {
    const pathname = pathOf(target);
    const own = ownPathKind(pathname, isFile);
    if (own === "server") return pathname.slice(1);
    if (own) return own;
    if (!routeOf) return "app";
    return routeOf(pathname) ?? "unmatched";
  };
  return (req, res) => {
    const peer = req.socket.remoteAddress ?? "";
    const scope = newRequestScope(requestIdOf(req, peer !== "" && trustsProxy(peer, 0)));
    scope.metrics = metrics;
    if (metrics) {
      const method = req.method ?? "GET";
      const target = req.url ?? "/";
      res.once("close", () => {
        const seconds = (performance.now() - scope.started) / 1000;
        const status = res.writableFinished ? res.statusCode : 499;
        metrics.observeRequest({ route: routeLabel(target), method, status }, seconds);
        if (scope.cache) metrics.countPageCache(scope.cache);
      });
    }
    inRequest(req, scope, () => inner(req, res));
  };
}
