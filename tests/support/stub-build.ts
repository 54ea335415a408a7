import type { ServerBuild } from "react-router";

/**
 * A server build whose routes stand in for the app's, each a module of its own under the root,
 * for server tests that need React Router in front of something they control. `path` defaults to
 * the route's id.
 */
export function stubServerBuild(
  routes: Record<string, { path?: string; module: Record<string, unknown> }>,
): ServerBuild {
  return {
    routes: {
      root: { id: "root", path: "", module: {} },
      ...Object.fromEntries(
        Object.entries(routes).map(([id, { path = id, module }]) => [
          id,
          { id, parentId: "root", path, module },
        ]),
      ),
    },
    entry: {
      module: {
        default: (_request: Request, status: number) => new Response("document", { status }),
        handleError: () => {},
        createAppContext: () => ({}),
        requestContextValues: () => new Map(),
        oidcSettings: () => ({}),
        hasPersonalCookie: (cookie: string | undefined) =>
          cookie?.includes("lagoon_cart=") ?? false,
        startMailDelivery: () => ({ stop: async () => {} }),
      },
    },
    assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: { v8_middleware: true },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
