import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import onHeaders from "on-headers";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { AppContext, AppEntry } from "../app/lib/context.server";
import { appEntryOf } from "./app-build";
import { createAppRequestHandler } from "./app-request-handler";
import { requestLogSerializers } from "./logger";
import {
  answerWithErrorPage,
  limitBody,
  refuseUnknownMethods,
  requireSameOrigin,
  requireWellFormedRequest,
} from "./request-gate";
import { assignNonce, securityHeaders } from "./security";
import type { ServerStores } from "./stores";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface CreateAppOptions {
  stores: ServerStores;
  /** The React Router build, or (in development) a function that loads the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The build's client directory (hashed assets, public files). */
  clientDir?: string;
  emulators?: express.Router;
  /** Development only: Vite's middleware serves sources and HMR instead of the built assets. */
  viteMiddleware?: RequestHandler;
  ready?: () => boolean;
}

/** The build's handler and the app context made from its entry, once per build. */
interface LoadedApp {
  entry: AppEntry;
  handle: RequestHandler;
}

/**
 * A page that knows who the visitor is (signed in, or with a cart) must never be stored by a
 * shared cache, whatever the route's `headers` said for anonymous visitors. The anonymous copy
 * varies on cookies, so a browser that kept it does not show it once a cart or session exists
 * (e.g. the page's revalidation right after the first add to cart). An error page for such a
 * visitor carries their cart and sign-in state too, and a 5xx is never worth keeping (finding 13).
 */
function keepPersonalPagesPrivate(
  req: express.Request,
  res: express.Response,
  entry: AppEntry,
): void {
  const personal = entry.hasPersonalCookie(req.headers.cookie);
  onHeaders(res, () => {
    if (res.statusCode >= 400 && (personal || res.statusCode >= 500)) {
      res.setHeader("Cache-Control", personal ? "private, no-store" : "no-store");
      return;
    }
    const cacheControl = res.getHeader("Cache-Control");
    if (typeof cacheControl !== "string" || !/\bpublic\b|s-maxage/.test(cacheControl)) return;
    if (personal) res.setHeader("Cache-Control", "private, no-cache");
    else res.appendHeader("Vary", "Cookie");
  });
}

export function createApp({
  stores,
  build,
  clientDir = path.join(root, "build/client"),
  emulators,
  viteMiddleware,
  ready,
}: CreateAppOptions): Express {
  const { config, logger } = stores;
  const mode = config.env === "development" ? "development" : "production";
  // In development Vite hands out a new build after an edit; each gets its own context, so the
  // routes and the clients they are given always come from the same modules.
  const loaded = new WeakMap<ServerBuild, LoadedApp>();
  const load = async (): Promise<LoadedApp> => {
    const current = typeof build === "function" ? await build() : build;
    let app = loaded.get(current);
    if (!app) {
      const entry = appEntryOf(current);
      const services: AppContext = entry.createAppContext(stores);
      const handle = createAppRequestHandler({
        build: current,
        mode,
        getLoadContext: (req, res) => ({
          nonce: res.locals.cspNonce as string,
          services,
          buyerIp: req.ip,
        }),
      });
      app = { entry, handle };
      loaded.set(current, app);
    }
    return app;
  };
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback, linklocal, uniquelocal");
  app.use(refuseUnknownMethods, requireWellFormedRequest, requireSameOrigin(config));

  app.get("/healthz", (_req, res) => {
    const up = ready ? ready() : true;
    res
      .status(up ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: up ? "ok" : "stopping" });
  });

  // product §4, §7: the build this process serves, which open pages compare with their own to
  // notice a deploy. React Router's manifest version changes whenever any client file does.
  app.get("/build-version", async (_req, res, next) => {
    try {
      const current = typeof build === "function" ? await build() : build;
      res.set("Cache-Control", "no-store").json({ version: current.assets.version });
    } catch (error) {
      next(error);
    }
  });

  // Browsers ask for /favicon.ico on pages that name no icon (the emulators' pages, for one).
  app.get("/favicon.ico", (_req, res) => {
    res.redirect(301, "/favicon.svg");
  });
  app.use(compression());
  app.use(assignNonce);

  if (viteMiddleware) {
    app.use(viteMiddleware);
  } else {
    const client = clientDir;
    // Hashed file names change with their content, so they can be cached for a year.
    app.use(
      "/assets",
      express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(express.static(client, { maxAge: "1h", index: false }));
  }

  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url?.startsWith("/_emulators/content/images") ?? false },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
      serializers: requestLogSerializers,
    }),
  );

  if (emulators) app.use("/_emulators", emulators);

  // Vite's development scripts carry no nonce: the CSP guards production builds.
  if (!viteMiddleware) app.use(securityHeaders(config));
  app.use(limitBody());
  app.all("/{*path}", async (req, res, next) => {
    try {
      const { entry, handle } = await load();
      keepPersonalPagesPrivate(req, res, entry);
      await handle(req, res, next);
    } catch (error) {
      next(error);
    }
  });
  app.use(answerWithErrorPage((error) => logger.error({ err: error }, "request failed")));
  return app;
}
