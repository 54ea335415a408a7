import { randomBytes } from "node:crypto";
import {
  request as httpRequest,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
} from "node:http";
import type { PageCachePurge } from "../../app/lib/page-cache";
import { PAGE_IDLE_MS, type RawStore } from "../cache";
import { brotliAt, compressBrotli, compressGzip } from "../encoding";
import type { Logger } from "../logger";
import { currentRequest } from "../request-scope";
import { createMissAdmission, type MissBudget } from "./admission";
import {
  decodeStoredPage,
  encodeStoredPage,
  type StoredPage,
  sharedLifetime,
  storableHeaders,
} from "./entry";
import { normalisedUrl, PAGE_KEY_PREFIX, pageKey, pathPrefixes } from "./key";
import { isPageRequest, tooManyMisses } from "./page-request";
import { CACHE_STATUS_HEADER, send } from "./send";

export type { MissBudget } from "./admission";
export { normalisedUrl, pageKey } from "./key";

/**
 * Brotli 8: on a 45–75 KB page it makes 0.2–0.6 % more bytes than 9 in a tenth of the time (about
 * 1 ms against 10 on the thread pool) and a tenth of the event loop's share (0.1–0.2 ms against
 * 1.5 ms, most of it freeing quality 9's tables): a flood's misses hold up the hits less
 * (decision 008).
 */
const STORED_BROTLI_QUALITY = 8;
const GZIP_OPTIONS = { level: 9 };
/** A CDN may keep a page stale for a day; this cache never longer. */
const MAX_STALE_SECONDS = 86_400;
/**
 * How long one process holds the right to refresh a stale page before another may try. The
 * store's expiries are in milliseconds: the name says so (it was once 30 "seconds" read as ms).
 */
const REFRESH_CLAIM_MS = 30_000;
const REFRESH_TIMEOUT_MS = 30_000;

/** Request header of the process's own background refresh (with its per-process token). */
const REFRESH_HEADER = "x-lagoon-cache-refresh";
/** Request header that skips the cache, honoured only with test controls (tests). */
export const BYPASS_HEADER = "x-lagoon-cache-bypass";

export { CACHE_STATUS_HEADER } from "./send";

export interface PageCacheOptions {
  store: RawStore;
  /**
   * The build the pages were rendered by (React Router's manifest version): a page names its
   * build's assets, so a new build never reads the old one's pages, even in a shared Redis.
   */
  build?: string;
  /** Warnings, and a line per answer from the cache when the level is `info` or finer. */
  logger: Pick<Logger, "warn" | "info" | "isLevelEnabled">;
}

export interface ServeOptions {
  /** The shop's public origin (LAGOON_PUBLIC_URL): stored pages are rendered for it. */
  publicOrigin: string;
  /** The app's rule for a page that knows the visitor (session, cart, preview cookie). */
  isPersonal(cookieHeader: string | undefined): boolean;
  /** The built files' paths: answered by the app, never looked up here. */
  isFile?(path: string): boolean;
  /** Honour `X-Lagoon-Cache-Bypass: 1` (test controls only: a visitor must not force renders). */
  allowBypass?: boolean;
  /** The query parameters the page at a path reads, when its route declares them (route-query.ts). */
  pageQuery?(pathname: string): readonly string[] | undefined;
  /** The client's address (behind trusted proxies, the one they name); else the socket's peer. */
  clientOf?(req: IncomingMessage): string;
  /** How many misses each client has rendered and stored (admission.ts). */
  missBudget?: MissBudget;
}

export interface PageCache extends PageCachePurge {
  /**
   * The server's request listener: answers from the cache before the app (Express) sees the
   * request, or hands it to the app, marked to fill the cache when it may.
   */
  listener(app: RequestListener, options: ServeOptions): RequestListener;
  /** The URL to render a request the listener marked to fill (normalised), else undefined. */
  fillUrl(req: IncomingMessage): URL | undefined;
  /**
   * Stores React Router's answer if it may be shared and sends it (true); false leaves the
   * answer to the caller untouched.
   */
  fill(
    req: IncomingMessage,
    res: ServerResponse,
    response: globalThis.Response,
    /** Reads the answer's body (the app hands over a rendered page without its stream). */
    body: () => Promise<Buffer>,
  ): Promise<boolean>;
}

interface Fill {
  key: string;
  url: URL;
  generation: number;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { logger } = options;
  const store = withinBuild(options.store, options.build ?? "");
  const refreshToken = randomBytes(24).toString("base64url");
  const refreshing = new Set<string>();
  // A purge while a page renders: the render may predate the change, so it is not stored.
  let generation = 0;

  // Requests handed to the app to fill the cache, and what they fill.
  const fills = new WeakMap<IncomingMessage, Fill>();
  // The in-process store hands back the very bytes it keeps: decode each once.
  const decoded = new WeakMap<Buffer, StoredPage>();
  const read = async (key: string): Promise<StoredPage | undefined> => {
    const bytes = await store.getBytes(key);
    if (!bytes) return undefined;
    let page = decoded.get(bytes);
    if (!page) {
      page = decodeStoredPage(bytes);
      if (page) decoded.set(bytes, page);
    }
    return page;
  };

  const listener = (
    app: RequestListener,
    {
      publicOrigin,
      isPersonal,
      isFile = () => false,
      allowBypass = false,
      pageQuery,
      clientOf = (req) => req.socket.remoteAddress ?? "",
      missBudget,
    }: ServeOptions,
  ): RequestListener => {
    const admission = createMissAdmission(missBudget);
    return (req, res) => {
      const method = req.method;
      const target = req.url ?? "/";
      if ((method !== "GET" && method !== "HEAD") || !isPageRequest(req, target, isFile)) {
        return app(req, res);
      }
      const scope = currentRequest();
      if (isPersonal(req.headers.cookie) || (allowBypass && req.headers[BYPASS_HEADER] === "1")) {
        if (scope) scope.cache = "BYPASS";
        res.setHeader(CACHE_STATUS_HEADER, "BYPASS");
        return app(req, res);
      }
      let url: URL;
      try {
        url = normalisedUrl(target, publicOrigin, pageQuery);
      } catch {
        return app(req, res);
      }
      const key = pageKey(url);
      const started = performance.now();
      const render = (store: boolean) => {
        // HEAD is answered from a stored page, but a HEAD answer has no body to store.
        if (store && method === "GET") fills.set(req, { key, url, generation });
        if (scope) scope.cache = "MISS";
        res.setHeader(CACHE_STATUS_HEADER, "MISS");
        app(req, res);
      };
      // A miss renders within the client's budget, or when its turn comes, and is stored within
      // it (admission.ts). One whose client has gone while it waited is not rendered.
      const miss = () => {
        const verdict = admission.admit(clientOf(req));
        if (!verdict.admitted) return tooManyMisses(res, verdict.retryAfterSeconds);
        const store = verdict.admitted === "store";
        if (verdict.waitMs === 0) return render(store);
        setTimeout(() => {
          if (!req.socket.destroyed) render(store);
        }, verdict.waitMs);
      };
      if (req.headers[REFRESH_HEADER] === refreshToken) return render(true);

      read(key)
        .then(
          async (page) => {
            const now = Date.now();
            if (!page || now >= page.staleUntil) return miss();
            const fresh = now < page.freshUntil;
            if (!fresh) refresh(req, key, url);
            const status = fresh ? "HIT" : "STALE";
            if (scope) scope.cache = status;
            await send(req, res, page, status);
            // The request log (request-log.ts) has the other requests; a hit costs one line, at `info`.
            if (logger.isLevelEnabled("info")) {
              logger.info(
                {
                  req: { method, url: target },
                  res: { statusCode: page.status },
                  cache: status,
                  responseTime: Math.round(performance.now() - started),
                },
                "request completed",
              );
            }
          },
          (error: unknown) => {
            logger.warn({ err: error, key }, "Could not read the page cache; rendering");
            miss();
          },
        )
        .catch((error: unknown) => {
          logger.warn({ err: error, key }, "Could not send a stored page");
          if (!res.headersSent) app(req, res);
          else res.destroy();
        });
    };
  };

  /** One refresh of a stale page at a time: per process, and across processes via the store. */
  function refresh(req: IncomingMessage, key: string, url: URL): void {
    if (refreshing.has(key)) return;
    refreshing.add(key);
    const claim = `page-refresh:${key}`;
    const target = {
      host: req.socket.localAddress,
      port: req.socket.localPort,
      path: `${url.pathname}${url.search}`,
      headers: {
        host: req.headers.host ?? "localhost",
        "accept-encoding": "br",
        [REFRESH_HEADER]: refreshToken,
      },
    };
    store
      .increment(claim, REFRESH_CLAIM_MS)
      .then(async (count) => {
        if (count !== 1) return;
        // The refresh is a request like any other, through the whole server, on its own port.
        await requestOwnServer(target);
        await store.delete(claim);
      })
      .catch((error: unknown) => {
        logger.warn({ err: error, key }, "Page refresh failed; still serving stale");
      })
      .finally(() => refreshing.delete(key));
  }

  async function fill(
    req: IncomingMessage,
    res: ServerResponse,
    response: globalThis.Response,
    body: () => Promise<Buffer>,
  ) {
    const marked = fills.get(req);
    if (!marked || !response.body || response.status !== 200) return false;
    if (response.headers.has("set-cookie") || res.hasHeader("set-cookie")) return false;
    const lifetime = sharedLifetime(response.headers.get("cache-control"));
    if (!lifetime) return false;

    const bytes = await body();
    const [br, gzipped] = await Promise.all([
      compressBrotli(bytes, brotliAt(STORED_BROTLI_QUALITY, bytes.length)),
      compressGzip(bytes, GZIP_OPTIONS),
    ]);
    const headers: [string, string][] = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || response.headers.has(name)) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.push([name, String(one)]);
    }
    headers.push(...response.headers);
    const now = Date.now();
    const staleSeconds = Math.min(lifetime.staleSeconds, MAX_STALE_SECONDS);
    const page: StoredPage = {
      status: 200,
      headers: withVary(storableHeaders(headers)),
      storedAt: now,
      freshUntil: now + lifetime.freshSeconds * 1000,
      staleUntil: now + (lifetime.freshSeconds + staleSeconds) * 1000,
      br,
      gzip: gzipped,
    };
    if (marked.generation === generation) {
      // Kept for its lifetime while it is read, and not an hour past its last read.
      const lifetimeMs = (lifetime.freshSeconds + staleSeconds) * 1000;
      await store
        .setBytes(marked.key, encodeStoredPage(page), Math.min(lifetimeMs, PAGE_IDLE_MS))
        .catch((error: unknown) => {
          logger.warn({ err: error, key: marked.key }, "Could not store the page");
        });
    }
    await send(req, res, page, "MISS");
    return true;
  }

  const purge = async (prefixes: string[]) => {
    generation += 1;
    await Promise.all(prefixes.map((prefix) => store.deleteByPrefix(prefix)));
  };

  return {
    listener,
    fill,
    fillUrl: (req) => fills.get(req)?.url,
    purgeAll: () => purge([PAGE_KEY_PREFIX]),
    purgePaths: (pathnames) => purge(pathnames.flatMap(pathPrefixes)),
    purgeUnder: (pathPrefixesToPurge) =>
      purge(pathPrefixesToPurge.map((prefix) => `${PAGE_KEY_PREFIX}${prefix}`)),
  };
}

/**
 * No page cache (LAGOON_PAGE_CACHE=off): its listener is the app itself, so every request takes
 * the path it takes in a shop with no cache (no lookup, no `X-Lagoon-Cache`, nothing stored), and
 * the webhooks' purges have nothing to purge.
 */
export const NO_PAGE_CACHE: PageCache = {
  listener: (app) => app,
  fillUrl: () => undefined,
  fill: async () => false,
  purgeAll: async () => {},
  purgePaths: async () => {},
  purgeUnder: async () => {},
};

/** A stored page varies on the encoding; `Vary: Cookie` stays for caches that know no better. */
function withVary(headers: [string, string][]): [string, string][] {
  const vary = new Set<string>();
  const rest = headers.filter(([name, value]) => {
    if (name.toLowerCase() !== "vary") return true;
    for (const field of value.split(",")) if (field.trim()) vary.add(field.trim());
    return false;
  });
  // The same as every anonymous public page (server/app.ts): a cache that cannot tell which
  // cookies make a page personal must not hand this copy to a visitor who has some.
  vary.add("Cookie");
  vary.add("Accept-Encoding");
  return [...rest, ["Vary", [...vary].join(", ")]];
}

function requestOwnServer(target: {
  host: string | undefined;
  port: number | undefined;
  path: string;
  headers: Record<string, string>;
}): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ ...target, timeout: REFRESH_TIMEOUT_MS }, (answer) => {
      answer.resume();
      answer.on("end", () =>
        answer.statusCode === 200
          ? resolve()
          : reject(new Error(`refresh answered ${answer.statusCode}`)),
      );
    });
    outgoing.on("timeout", () => outgoing.destroy(new Error("refresh timed out")));
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** The store as one build sees it: its keys under `build:<version>:`. */
function withinBuild(store: RawStore, build: string): RawStore {
  if (!build) return store;
  const prefix = `build:${build}:`;
  return {
    get: (key) => store.get(prefix + key),
    set: (key, text, expiresInMs) => store.set(prefix + key, text, expiresInMs),
    getBytes: (key) => store.getBytes(prefix + key),
    setBytes: (key, bytes, expiresInMs) => store.setBytes(prefix + key, bytes, expiresInMs),
    delete: (key) => store.delete(prefix + key),
    deleteByPrefix: (keyPrefix) => store.deleteByPrefix(prefix + keyPrefix),
    increment: (key, expiresInMs) => store.increment(prefix + key, expiresInMs),
    close: () => store.close(),
  };
}
