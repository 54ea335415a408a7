import { createServer, type RequestListener } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import { sql } from "drizzle-orm";
import express, { type Express, type RequestHandler } from "express";
import onHeaders from "on-headers";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { AppContext, AppEntry } from "../app/lib/context.server";
import { appEntryOf } from "./app-build";
import { createAppRequestHandler } from "./app-request-handler";
import type { PageCache } from "./page-cache";
import { pageQueryOf } from "./page-cache/route-query";
import { observeReach } from "./reach";
import {
  answerWithErrorPage,
  limitBody,
  refuseUnknownMethods,
  requireSameOrigin,
  requireWellFormedRequest,
} from "./request-gate";
import { requestLog } from "./request-log";
import { assignNonce, securityHeaders } from "./security";
import { loadClientFiles, serveClientFiles } from "./static-files";
import type { ServerStores } from "./stores";

const SHOPIFY_WEBHOOK_PATH = "/api/webhooks/shopify";
const SHOPIFY_WEBHOOK_MAX_BYTES = 1024 * 1024;

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
  /**
   * Test controls (tests, `npm run bench`): the page cache honours its bypass header, and each
   * answer reports how far its request got (server/reach.ts).
   */
  testControls?: boolean;
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
    else res.vary("Cookie");
  });
}

const listeners = new WeakMap<Express, RequestListener>();

/** What the HTTP server calls: the page cache in front of the app when it has one, else the app. */
export function requestListener(app: Express): RequestListener {
  return listeners.get(app) ?? app;
}

export function createApp({
  stores,
  build,
  clientDir = path.join(root, "build/client"),
  emulators,
  viteMiddleware,
  ready,
  testControls = false,
}: CreateAppOptions): Express {
  const { config, logger } = stores;
  // Development renders every request (an edit must show at once), as does a build loaded late.
  const pageCache: PageCache | undefined = typeof build === "function" ? undefined : stores.pages;
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
        pageCache,
        getLoadContext: (req, res) =>
          new RouterContextProvider(
            entry.requestContextValues(services, {
              nonce: res.locals.cspNonce as string,
              buyerIp: req.ip,
            }),
          ),
      });
      app = { entry, handle };
      loaded.set(current, app);
    }
    return app;
  };
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback, linklocal, uniquelocal");
  // Test controls: each answer tells how far its request got (the fuzz's reach table).
  if (testControls) app.use(observeReach());
  app.use(refuseUnknownMethods, requireWellFormedRequest, requireSameOrigin(config));

  app.get("/healthz", (_req, res) => {
    const up = ready ? ready() : true;
    res
      .status(up ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: up ? "ok" : "stopping" });
  });

  // Readiness, for a load balancer: can this process serve pages that need the database and the
  // shared cache? (`/healthz` is liveness: the process answers.) Never cached.
  app.get("/readyz", async (_req, res) => {
    const database = await databaseAnswers(stores.database);
    const sharedCache = stores.sharedCacheUp?.() ?? true;
    const up = database && sharedCache && (ready ? ready() : true);
    res
      .status(up ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({
        status: up ? "ready" : "unavailable",
        database: database ? "up" : "down",
        sharedCache: sharedCache ? "up" : "down",
      });
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
  // The emulators stand in for Shopify, Prismic and Mailchimp, whose calls a connected shop never
  // logs as requests of its own: at `info` the log shows the shop's traffic, the emulators' at
  // `debug` (and their failures as errors).
  const requestLogs = requestLog(logger, {
    ignore: (req) => req.url.startsWith("/_emulators/content/images"),
    quiet: (req) => req.url.startsWith("/_emulators/"),
  });
  if (viteMiddleware) {
    app.use(compression(), assignNonce, viteMiddleware, requestLogs);
  } else {
    // Built files are answered first, from memory, as the build compressed them. Stored pages
    // are answered before Express (requestListener below; decision 008).
    const clientFiles = loadClientFiles(clientDir);
    app.use(serveClientFiles(clientFiles));
    if (pageCache) {
      const { hasPersonalCookie } = appEntryOf(build as ServerBuild);
      const listener = pageCache.listener(app, {
        publicOrigin: new URL(config.publicUrl).origin,
        isPersonal: hasPersonalCookie,
        isFile: (filePath) => clientFiles.has(filePath),
        allowBypass: testControls,
        pageQuery: pageQueryOf(build as ServerBuild),
      });
      listeners.set(app, listener);
      // `app.listen` (tests) serves through it too.
      app.listen = ((...args: Parameters<Express["listen"]>) =>
        createServer(listener).listen(...args)) as Express["listen"];
    }
    app.use(requestLogs);
    // The app calls its emulators over loopback: compressing their answers only to inflate them
    // in the same process cost a signed-in page with a cart about a tenth of its CPU.
    if (emulators) app.use("/_emulators", emulators);
    // No compression middleware: the app's answers are compressed whole as they are sent
    // (sendResponse, decision 009) and built files were compressed at build. What is left (error
    // pages, health and version answers) is a few hundred bytes.
    app.use(assignNonce);
  }

  if (emulators && viteMiddleware) app.use("/_emulators", emulators);

  // Vite's development scripts carry no nonce: the CSP guards production builds.
  if (!viteMiddleware) app.use(securityHeaders(config));
  // Shopify's product webhooks carry every variant: more than a form, still bounded.
  const webhookBody = limitBody(SHOPIFY_WEBHOOK_MAX_BYTES);
  const formBody = limitBody();
  app.use((req, res, next) =>
    (req.path === SHOPIFY_WEBHOOK_PATH ? webhookBody : formBody)(req, res, next),
  );
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

const READINESS_QUERY_MS = 2_000;

/** Whether the database answers a trivial query within READINESS_QUERY_MS. */
async function databaseAnswers(database: ServerStores["database"]): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      database.db.execute(sql`select 1`).then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), READINESS_QUERY_MS);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
