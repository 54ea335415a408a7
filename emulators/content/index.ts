import { randomUUID } from "node:crypto";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import express, { type ErrorRequestHandler, type Request, type Response, Router } from "express";
import { type ContentStore, loadContentStore, MASTER_LANGUAGE } from "./content-store";
import { searchDocuments, targetedTypes } from "./document-search";
import {
  type Ordering,
  type Predicate,
  parseOrderings,
  parseQuery,
  QuerySyntaxError,
} from "./query-language";

export type { ApiDocument, ContentDocument, ContentVersion } from "./content-store";
export { ContentDocumentSchema, ContentStore, loadContentStore } from "./content-store";

/** Where the app's server mounts the emulator; image URLs point here. */
export const CONTENT_EMULATOR_PATH = "/_emulators/content";

export interface ContentFault {
  /** Status to answer with; below 400 the request is only delayed, then answered normally. */
  status: number;
  /** Sent as `Retry-After` (seconds), which @prismicio/client waits before retrying a 429. */
  retryAfterSeconds?: number;
  delayMs?: number;
  /** Only requests whose filters target one of these types; every search request if omitted. */
  documentTypes?: string[];
  /** How many matching requests the fault answers before it stops; unlimited if omitted. */
  times?: number;
}

export interface ContentEmulatorOptions {
  /** Absolute path of `content/`. */
  contentDir: string;
  /** The app's origin, e.g. `http://localhost:3000`, to make image URLs absolute. */
  publicOrigin: string;
  /** Injected failures of `documents/search`, for tests. */
  faults?: ContentFault[];
  /** How long a preview session lasts; Prismic's end when the editor closes them. */
  previewTtlMs?: number;
  /** Epoch milliseconds; tests move it to expire preview sessions. */
  now?: () => number;
}

/** Preview sessions kept at once; the oldest goes first. */
const MAX_PREVIEW_SESSIONS = 50;
const DEFAULT_PREVIEW_TTL_MS = 60 * 60 * 1000;

/** A stand-in for Prismic's REST API v2 over the documents in `contentDir`. */
export function createContentEmulator(options: ContentEmulatorOptions): Router {
  const baseUrl = `${options.publicOrigin.replace(/\/+$/, "")}${CONTENT_EMULATOR_PATH}`;
  const store = loadContentStore(options.contentDir, { baseUrl });
  return createContentRouter(store, {
    imagesDir: path.join(options.contentDir, "images"),
    faults: options.faults,
    previewResolverUrl: `${options.publicOrigin.replace(/\/+$/, "")}/preview`,
    previewTtlMs: options.previewTtlMs,
    now: options.now,
  });
}

// Prismic's Content API: pageSize defaults to 20 and is capped at 100.
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

const SEARCH_FORM_FIELDS = {
  ref: { type: "String", multiple: false },
  q: { type: "String", multiple: true },
  lang: { type: "String", multiple: false },
  page: { type: "Integer", multiple: false, default: "1" },
  pageSize: { type: "Integer", multiple: false, default: String(DEFAULT_PAGE_SIZE) },
  after: { type: "String", multiple: false },
  fetch: { type: "String", multiple: false },
  fetchLinks: { type: "String", multiple: false },
  graphQuery: { type: "String", multiple: false },
  orderings: { type: "String", multiple: false },
  referer: { type: "String", multiple: false },
  access_token: { type: "String", multiple: false },
} as const;

export interface ContentRouterOptions {
  imagesDir: string;
  faults?: readonly ContentFault[];
  /** The site's preview route, where a new preview session sends the editor. */
  previewResolverUrl?: string;
  previewTtlMs?: number;
  now?: () => number;
}

export function createContentRouter(store: ContentStore, options: ContentRouterOptions): Router {
  const router = Router();
  const faults = createFaultInjector(options.faults ?? []);
  const previews = createPreviewSessions(
    store,
    options.previewTtlMs ?? DEFAULT_PREVIEW_TTL_MS,
    options.now ?? Date.now,
  );

  /**
   * What the editor's Preview button does: open a session over every draft and send the editor
   * to the site's preview route with its token, as Prismic does. The token is a URL, like
   * Prismic's, and the Content API accepts it as a ref.
   */
  router.get("/preview", (request, response) => {
    const documentId = typeof request.query.documentId === "string" ? request.query.documentId : "";
    if (!documentId || !options.previewResolverUrl) {
      response.status(400).json({ message: "documentId is required" });
      return;
    }
    const token = previews.open(`${requestOrigin(request)}${request.baseUrl}`);
    const target = new URL(options.previewResolverUrl);
    target.searchParams.set("token", token);
    target.searchParams.set("documentId", documentId);
    response.setHeader("Cache-Control", "no-store");
    response.redirect(302, target.toString());
  });

  router.use("/api", (_request, response, next) => {
    response.setHeader("Access-Control-Allow-Origin", "*");
    next();
  });

  router.get("/api/v2", (request, response) => {
    const root = `${requestOrigin(request)}${request.baseUrl}`;
    const { documents } = store.master;
    const types = Object.fromEntries(
      [...new Set(documents.map((document) => document.type))]
        .sort()
        .map((type) => [type, humanise(type)]),
    );
    const tags = [...new Set(documents.flatMap((document) => document.tags))].sort();
    response.setHeader("Cache-Control", "no-cache");
    response.json({
      refs: [{ id: "master", ref: store.masterRef, label: "Master", isMasterRef: true }],
      bookmarks: {},
      types,
      languages: [{ ...MASTER_LANGUAGE, is_master: true }],
      tags,
      forms: {
        everything: {
          method: "GET",
          enctype: "application/x-www-form-urlencoded",
          action: `${root}/api/v2/documents/search`,
          fields: SEARCH_FORM_FIELDS,
        },
      },
      oauth_initiate: `${root}/auth`,
      oauth_token: `${root}/auth/token`,
      version: store.masterRef.slice(0, 7),
      license: "All Rights Reserved",
      experiments: { draft: [], running: [] },
      integrationFieldsRef: null,
    });
  });

  router.get("/api/v2/documents/search", async (request, response) => {
    const params = new URL(request.originalUrl, "http://emulator.invalid").searchParams;

    let predicates: Predicate[] | undefined;
    let syntaxError: string | undefined;
    try {
      predicates = params.getAll("q").flatMap((q) => parseQuery(q));
    } catch (error) {
      if (!(error instanceof QuerySyntaxError)) throw error;
      syntaxError = error.message;
    }

    const fault = faults.take(predicates ? targetedTypes(predicates) : new Set());
    if (fault?.delayMs) await sleep(fault.delayMs);
    if (fault && fault.status >= 400) return sendFault(response, fault);

    if (syntaxError !== undefined || !predicates) return sendParsingError(response, syntaxError);
    const ref = params.get("ref");
    if (!ref) return sendParsingError(response, "The ref parameter is required");
    const page = parsePositiveInteger(params.get("page"), 1);
    if (page === undefined) return sendParsingError(response, "page must be a positive integer");
    const pageSize = parsePositiveInteger(params.get("pageSize"), DEFAULT_PAGE_SIZE);
    if (pageSize === undefined)
      return sendParsingError(response, "pageSize must be a positive integer");
    let orderings: Ordering[] = [];
    try {
      orderings = params.get("orderings") ? parseOrderings(params.get("orderings") ?? "") : [];
    } catch (error) {
      if (!(error instanceof QuerySyntaxError)) throw error;
      return sendParsingError(response, error.message);
    }

    const version = previews.isPreviewRef(ref) ? previews.version(ref) : store.version(ref);
    if (!version && previews.isPreviewRef(ref)) {
      // Prismic's answer to an ended (or never issued) preview session.
      response.setHeader("Cache-Control", "no-store");
      return response.status(404).json({
        type: "api_security_error",
        message: "This preview token has expired",
        oauth_initiate: `${requestOrigin(request)}${request.baseUrl}/auth`,
        oauth_token: `${requestOrigin(request)}${request.baseUrl}/auth/token`,
      });
    }
    if (!version) {
      // @prismicio/client reads the master ref from this message and retries with it.
      response.setHeader("Cache-Control", "no-store");
      return response.status(404).json({
        type: "api_notfound_error",
        message: `Master ref is: ${store.masterRef}`,
      });
    }

    const matches = searchDocuments(version.documents, {
      predicates,
      orderings,
      lang: params.get("lang") ?? MASTER_LANGUAGE.id,
      after: params.get("after") ?? undefined,
    });
    const resultsPerPage = Math.min(pageSize, MAX_PAGE_SIZE);
    const totalPages = Math.ceil(matches.length / resultsPerPage);
    const results = matches.slice((page - 1) * resultsPerPage, page * resultsPerPage);
    const pageUrl = (target: number) => {
      const url = new URL(request.originalUrl, requestOrigin(request));
      url.searchParams.set("page", String(target));
      return url.toString();
    };

    // A ref names an immutable snapshot, which is why Prismic's CDN caches searches per ref.
    response.setHeader(
      "Cache-Control",
      ref === store.masterRef ? "public, max-age=31536000, immutable" : "no-store",
    );
    response.json({
      page,
      results_per_page: resultsPerPage,
      results_size: results.length,
      total_results_size: matches.length,
      total_pages: totalPages,
      next_page: page < totalPages ? pageUrl(page + 1) : null,
      prev_page: page > 1 ? pageUrl(page - 1) : null,
      results,
      version: store.masterRef.slice(0, 7),
      license: "All Rights Reserved",
    });
  });

  router.use(
    "/images",
    express.static(options.imagesDir, {
      index: false,
      immutable: true,
      maxAge: "1y",
      setHeaders: (response) => {
        response.setHeader("X-Content-Type-Options", "nosniff");
        // SVGs are documents: never let one run script on the app's origin.
        response.setHeader(
          "Content-Security-Policy",
          "default-src 'none'; style-src 'unsafe-inline'",
        );
      },
    }),
  );

  router.use((request, response) => {
    response.status(404).json({ message: `Not found: ${request.baseUrl}${request.path}` });
  });

  const handleError: ErrorRequestHandler = (error, _request, response, next) => {
    if (response.headersSent) return next(error);
    console.error("[content emulator]", error);
    response.status(500).json({ message: "Internal error in the content emulator" });
  };
  router.use(handleError);

  return router;
}

function createPreviewSessions(store: ContentStore, ttlMs: number, now: () => number) {
  const expiries = new Map<string, number>();
  const forget = (ref: string) => {
    expiries.delete(ref);
    store.removeRef(ref);
  };
  return {
    isPreviewRef: (ref: string) => ref.includes("/previews/"),
    open(emulatorBase: string): string {
      for (const [ref, expiry] of expiries) if (expiry <= now()) forget(ref);
      if (expiries.size >= MAX_PREVIEW_SESSIONS) forget(expiries.keys().next().value as string);
      const ref = `${emulatorBase}/previews/${randomUUID()}`;
      store.addRef(ref, store.drafts);
      expiries.set(ref, now() + ttlMs);
      return ref;
    },
    version(ref: string) {
      const expiry = expiries.get(ref);
      if (expiry === undefined) return undefined;
      if (expiry <= now()) {
        forget(ref);
        return undefined;
      }
      return store.version(ref);
    },
  };
}

function createFaultInjector(faults: readonly ContentFault[]) {
  const remaining = faults.map((fault) => fault.times ?? Number.POSITIVE_INFINITY);
  return {
    take(types: ReadonlySet<string>): ContentFault | undefined {
      const index = faults.findIndex(
        (fault, position) =>
          (remaining[position] ?? 0) > 0 &&
          (!fault.documentTypes || fault.documentTypes.some((type) => types.has(type))),
      );
      if (index === -1) return undefined;
      remaining[index] = (remaining[index] ?? 0) - 1;
      return faults[index];
    },
  };
}

function sendFault(response: Response, fault: ContentFault): void {
  if (fault.retryAfterSeconds !== undefined) {
    response.setHeader("Retry-After", String(fault.retryAfterSeconds));
  }
  response.setHeader("Cache-Control", "no-store");
  response.status(fault.status).json({
    type: "emulated_fault",
    message: `HTTP ${fault.status} injected by the content emulator`,
  });
}

function sendParsingError(response: Response, message = "Invalid query"): void {
  response.setHeader("Cache-Control", "no-store");
  response.status(400).json({ type: "parsing-error", message });
}

function parsePositiveInteger(raw: string | null, fallback: number): number | undefined {
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 1 ? value : undefined;
}

function requestOrigin(request: Request): string {
  return `${request.protocol}://${request.get("host") ?? "localhost"}`;
}

function humanise(type: string): string {
  return type
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
