import { createServer, type RequestListener } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import { sql } from "drizzle-orm";
import express, { type Express, type RequestHandler } from "express";
import onHeaders from "on-headers";
import proxyAddr from "proxy-addr";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { AppContext, AppEntry } from "../app/lib/context.server";
import { appEntryOf } from "./app-build";
import { createAppRequestHandler } from "./app-request-handler";
import type { Metrics } from "./metrics";
import { observedListener } from "./observed-listener";
import type { MissBudget, PageCache } from "./page-cache";
import { pageQueryOf, routeIdOf } from "./page-cache/route-query";
import { observeReach } from "./reach";
import {
  answerWithErrorPage,
  limitBody,
  refuseUnknownMethods,
  requireSameOrigin,
  requireWellFormedRequest,
} from "./request-gate";
import { requestLog } from "./request-log";
import { scopeOf, serverTiming } from "./request-scope";
import { inTurns } from "./request-turns";
import { assignNonce, securityHeaders } from "./security";
import { loadClientFiles, serveClientFiles } from "./static-files";
import type { ServerStores } from "./stores";

const SHOPIFY_WEBHOOK_PATH = "/api/webhooks/shopify";
const SHOPIFY_WEBHOOK_MAX_BYTES = 1024 * 1024;

// The checkout's root, from this file (or from the bundle of it, scripts/build-server.mjs).
const root = fileURLToPath(new URL("../", import.meta.url));

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
  /** Where requests, the page cache's verdicts and upstream calls are counted (METRICS_PORT). */
  metrics?: Metrics;
  /** Misses each client may have rendered and stored (page-cache/admission.ts); tests set less. */
  missBudget?: MissBudget;
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

/** What the HTTP server calls: the request's scope and metrics, the page cache, then the app. */
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
  metrics,
  missBudget,
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
        getLoadContext: (req, res) => {
          const scope = scopeOf(req);
          return new RouterContextProvider(
            entry.requestContextValues(services, {
              nonce: res.locals.cspNonce as string,
              buyerIp: req.ip,
              requestId: scope?.id,
              onRenderStart: () => {
                if (scope) scope.renderStarted = performance.now();
              },
              onFault: (error) => {
                res.locals.fault ??= error;
              },
            }),
          );
        },
      });
      app = { entry, handle };
      loaded.set(current, app);
    }
    return app;
  };
  const app = express();
  app.disable("x-powered-by");
  // TRUST_PROXY (server/config.ts): who may name the client (req.ip, the buyer IP and the forms'
  // rate limits), the scheme (req.protocol) and the request id.
  app.set("trust proxy", config.trustProxy);
  app.use(answerWithTimingAndId);
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
  let isFile: ((filePath: string) => boolean) | undefined;
  // Requests reach the app in turns (decision 014), behind the page cache where there is one.
  const appInTurns = inTurns(app);
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
    isFile = (filePath) => clientFiles.has(filePath);
    app.use(serveClientFiles(clientFiles));
    if (pageCache) {
      const { hasPersonalCookie } = appEntryOf(build as ServerBuild);
      // TRUST_PROXY as Express compiled it (`trust proxy` above).
      const trustedProxies = app.get("trust proxy fn");
      const listener = pageCache.listener(appInTurns, {
        publicOrigin: new URL(config.publicUrl).origin,
        isPersonal: hasPersonalCookie,
        isFile,
        allowBypass: testControls,
        pageQuery: pageQueryOf(build as ServerBuild),
        // The client as Express's `req.ip` names it, before Express sees the request.
        clientOf: (req) => proxyAddr(req, trustedProxies),
        missBudget,
      });
      listeners.set(app, listener);
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
  app.use(answerWithErrorPage());
  // The server's listener: each request's scope and metrics first, then the page cache, the app.
  const observed = observedListener(listeners.get(app) ?? appInTurns, {
    trustsProxy: app.get("trust proxy fn"),
    metrics,
    routeOf: typeof build === "function" ? undefined : routeIdOf(build),
    isFile,
  });
  listeners.set(app, observed);
  // `app.listen` (tests) serves through it too.
  app.listen = ((...args: Parameters<Express["listen"]>) =>
    createServer(observed).listen(...args)) as Express["listen"];
  return app;
}

/**
 * Every answer the app sends says its request id (`X-Request-Id`) and where its time went
 * (`Server-Timing`, request-scope.ts), set as the headers go out. A page answered from the page
 * cache gets its own from the cache (send.ts), never the ones of the answer that stored it.
 */
const answerWithTimingAndId: RequestHandler = (req, res, next) => {
  const scope = scopeOf(req);
  if (scope) {
    onHeaders(res, () => {
      res.setHeader("X-Request-Id", scope.id);
      res.setHeader("Server-Timing", serverTiming(scope));
    });
  }
  next();
};

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
