import {
  type ComponentType,
  isValidElement,
  type ReactElement,
  type ReactNode,
  Suspense,
} from "react";
import {
  type EntryContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  ServerRouter as RouterServerRouter,
  type StaticHandlerContext,
  StaticRouterProvider,
  UNSAFE_shouldHydrateRouteLoader as shouldHydrateRouteLoader,
} from "react-router";

type StaticRouter = Parameters<typeof StaticRouterProvider>[0]["router"];
type ServerRouterProps = Parameters<typeof RouterServerRouter>[0];

/** What React Router's ServerRouter builds from a build alone, kept for the build's lifetime. */
interface BuiltRouter {
  routeModules: EntryContext["routeModules"];
  /** Its static router: routes, route manifest, hrefs; the state of a request is set per page. */
  router: StaticRouter;
  /** React Router's component that writes the loader data's stream into the page. */
  StreamTransfer: ComponentType<Record<string, unknown>>;
}

const built = new WeakMap<EntryContext["manifest"], BuiltRouter>();

/**
 * React Router's ServerRouter, but for the route tree. React Router makes the routes of the whole
 * app and converts them into data routes on every render (`createServerRoutes` and
 * `createStaticRouter`), about a tenth of an uncached product page's CPU (decision 009), although
 * they depend on the build alone. This renders the same elements with the same props, from routes
 * made once per build: React Router's own ServerRouter makes them, called once on a copy of the
 * first page's context with no request in it. `server-router.server.test.tsx` compares the pages
 * both render, to the byte.
 */
export function ServerRouter({ context, url, nonce }: ServerRouterProps) {
  const { router: builtRouter, StreamTransfer } = builtRouterFor(context, url);
  const handlerContext = context.staticHandlerContext;
  // As React Router does: data that a route's clientLoader makes at hydration is not sent.
  handlerContext.loaderData = { ...handlerContext.loaderData };
  for (const match of handlerContext.matches) {
    const routeId = match.route.id;
    const route = context.routeModules[routeId];
    const manifestRoute = context.manifest.routes[routeId];
    if (
      route &&
      manifestRoute &&
      shouldHydrateRouteLoader(
        routeId,
        route.clientLoader,
        manifestRoute.hasLoader,
        context.isSpaMode,
      ) &&
      (route.HydrateFallback || !manifestRoute.hasLoader)
    ) {
      delete handlerContext.loaderData[routeId];
    }
  }
  const router = routerForPage(builtRouter, handlerContext, context.branches);
  return (
    <>
      <FrameworkContext.Provider
        value={{
          manifest: context.manifest,
          routeModules: context.routeModules,
          criticalCss: context.criticalCss,
          serverHandoffString: context.serverHandoffString,
          future: context.future,
          ssr: context.ssr,
          isSpaMode: context.isSpaMode,
          routeDiscovery: context.routeDiscovery,
          nonce,
          serializeError: context.serializeError,
          renderMeta: context.renderMeta,
        }}
      >
        <RemixErrorBoundary location={router.state.location}>
          <StaticRouterProvider router={router} context={handlerContext} hydrate={false} />
        </RemixErrorBoundary>
      </FrameworkContext.Provider>
      {context.serverHandoffStream ? (
        <Suspense>
          <StreamTransfer
            context={context}
            identifier={0}
            reader={context.serverHandoffStream.getReader()}
            textDecoder={new TextDecoder()}
            nonce={nonce}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function builtRouterFor(context: EntryContext, url: ServerRouterProps["url"]): BuiltRouter {
  const kept = built.get(context.manifest);
  if (kept && sameModules(kept.routeModules, context.routeModules)) return kept;
  const noRequest: StaticHandlerContext = {
    ...context.staticHandlerContext,
    loaderData: {},
    actionData: null,
    errors: null,
    actionHeaders: {},
    loaderHeaders: {},
  };
  const tree = RouterServerRouter({
    context: {
      ...context,
      staticHandlerContext: noRequest,
      serverHandoffStream: new ReadableStream(),
    },
    url,
  });
  const router = findElement(tree, (props) => "router" in props)?.props.router as
    | StaticRouter
    | undefined;
  const StreamTransfer = findElement(tree, (props) => "reader" in props)?.type;
  if (!router || typeof StreamTransfer !== "function") {
    throw new Error("React Router's ServerRouter no longer renders what this router expects");
  }
  const made: BuiltRouter = {
    routeModules: context.routeModules,
    router,
    StreamTransfer: StreamTransfer as BuiltRouter["StreamTransfer"],
  };
  built.set(context.manifest, made);
  return made;
}

/** Each route's module is the one the routes were made with (a development server reloads them). */
function sameModules(
  kept: EntryContext["routeModules"],
  current: EntryContext["routeModules"],
): boolean {
  for (const id in current) if (current[id] !== kept[id]) return false;
  return true;
}

/** The static router for one page: the build's routes, with this request's state. */
function routerForPage(
  builtRouter: StaticRouter,
  context: StaticHandlerContext,
  branches: EntryContext["branches"],
): StaticRouter {
  const routes = builtRouter.manifest;
  const state = {
    ...builtRouter.state,
    location: context.location,
    matches: context.matches.map((match) => ({
      ...match,
      route: routes[match.route.id] ?? match.route,
    })),
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: context.errors,
  };
  return Object.create(builtRouter, {
    basename: { get: () => context.basename },
    state: { value: state },
    branches: { value: branches },
  });
}

function findElement(
  node: ReactNode,
  test: (props: Record<string, unknown>) => boolean,
): ReactElement<Record<string, unknown>> | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findElement(child, test);
      if (found) return found;
    }
    return undefined;
  }
  if (!isValidElement<Record<string, unknown>>(node)) return undefined;
  if (test(node.props)) return node;
  return findElement(node.props.children as ReactNode, test);
}
