import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import {
  createRequestHandler,
  data,
  type EntryContext,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  ServerRouter as RouterServerRouter,
  Scripts,
  type ServerBuild,
  useLoaderData,
  useRouteError,
} from "react-router";
import { describe, expect, it } from "vitest";
import { ServerRouter } from "./server-router.server";

// The server's ServerRouter against React Router's own, on a small app served by React Router's
// request handler: the same page, to the byte, for every kind of page the app has.

const NONCE = "test-nonce";

function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
): Promise<Response> {
  const Router = request.headers.get("x-router") === "ours" ? ServerRouter : RouterServerRouter;
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <Router context={context} url={request.url} nonce={NONCE} />,
      {
        nonce: NONCE,
        onAllReady() {
          const body = new PassThrough();
          pipe(body);
          text(body).then((page) => resolve(new Response(page, { status, headers })), reject);
        },
        onShellError: reject,
      },
    );
  });
}

function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts nonce={NONCE} />
      </body>
    </html>
  );
}

function Product() {
  const { title } = useLoaderData<{ title: string }>();
  return (
    <main>
      <h1>{title}</h1>
      <Link to="/">Home</Link>
      <Link to="..">Up</Link>
    </main>
  );
}

function RootError() {
  const error = useRouteError();
  return <p>{isRouteErrorResponse(error) ? `Error ${error.status}` : "Error"}</p>;
}

function Loading() {
  return <p>Loading</p>;
}

function Hydrating() {
  return <p>Hydrating</p>;
}

function Home() {
  return <p>{`Home of ${useLoaderData<{ site: string }>().site}`}</p>;
}

const hydratingClientLoader = Object.assign(async () => ({ from: "browser" }), { hydrate: true });

function routesOf(version: string) {
  const route = (
    id: string,
    parentId: string | undefined,
    path: string | undefined,
    module: Record<string, unknown>,
  ) => ({
    server: { id, parentId, path, index: path === undefined, caseSensitive: undefined, module },
    client: {
      id,
      parentId,
      path,
      index: path === undefined,
      hasLoader: "loader" in module,
      hasAction: false,
      hasClientAction: false,
      hasClientLoader: "clientLoader" in module,
      hasClientMiddleware: false,
      hasErrorBoundary: "ErrorBoundary" in module,
      module: `/assets/${id}-${version}.js`,
      imports: [`/assets/shared-${version}.js`],
      css: [`/assets/${id}-${version}.css`],
    },
  });
  const routes = [
    {
      ...route("root", undefined, "", {
        default: Outlet,
        Layout,
        ErrorBoundary: RootError,
        loader: () => ({ site: "Lagoon" }),
        meta: () => [{ title: "Lagoon" }],
      }),
    },
    route("routes/home", "root", undefined, {
      default: Home,
      loader: () => ({ site: "the shop" }),
    }),
    route("routes/product", "root", "store/products/:handle", {
      default: Product,
      loader: ({ params }: { params: { handle: string } }) => {
        if (params.handle === "missing") throw data(null, { status: 404 });
        return { title: `Pump ${params.handle}` };
      },
      meta: ({ data }: { data?: { title: string } }) => [
        { title: data?.title },
        { name: "description", content: `About ${data?.title}` },
      ],
    }),
    route("routes/hydrating", "root", "hydrating", {
      default: Hydrating,
      loader: () => ({ from: "server" }),
      clientLoader: hydratingClientLoader,
      HydrateFallback: Loading,
    }),
  ];
  return routes;
}

function buildOf(version: string): ServerBuild {
  const routes = routesOf(version);
  return {
    entry: { module: { default: handleRequest } },
    routes: Object.fromEntries(routes.map(({ server }) => [server.id, server])),
    assets: {
      entry: { module: `/assets/entry-${version}.js`, imports: [] },
      routes: Object.fromEntries(routes.map(({ client }) => [client.id, client])),
      url: `/assets/manifest-${version}.js`,
      version,
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

async function pageOf(
  handler: ReturnType<typeof createRequestHandler>,
  path: string,
  ours: boolean,
) {
  const response = await handler(
    new Request(`http://localhost${path}`, { headers: ours ? { "x-router": "ours" } : {} }),
  );
  return { status: response.status, body: await response.text() };
}

describe("the server's ServerRouter", () => {
  const handler = createRequestHandler(buildOf("1"), "production");

  it.each([
    ["/", "Home of the shop"],
    ["/store/products/sls", "Pump sls"],
    ["/store/products/missing", "Error 404"],
    ["/hydrating", "<p>Loading</p>"],
    ["/nowhere", "Error 404"],
  ])("renders %s as React Router's does", async (path, shown) => {
    const theirs = await pageOf(handler, path, false);
    const ours = await pageOf(handler, path, true);
    expect(ours.body).toContain(shown);
    expect(ours).toEqual(theirs);
  });

  it("renders the fallback of a route whose clientLoader hydrates, as React Router does", async () => {
    const { body } = await pageOf(handler, "/hydrating", true);
    expect(body).toContain("<p>Loading</p>");
    expect(body).not.toContain("<p>Hydrating</p>");
  });

  it("keeps nothing of one page in the next", async () => {
    await pageOf(handler, "/store/products/first", true);
    const { body } = await pageOf(handler, "/store/products/second", true);
    expect(body).toContain("Pump second");
    expect(body).not.toContain("first");
  });

  it("makes the routes of another build anew", async () => {
    const other = createRequestHandler(buildOf("2"), "production");
    await pageOf(handler, "/store/products/sls", true);
    const theirs = await pageOf(other, "/store/products/sls", false);
    const ours = await pageOf(other, "/store/products/sls", true);
    expect(ours.body).toContain("/assets/routes/product-2.js");
    expect(ours).toEqual(theirs);
  });
});
