import { AsyncResource } from "node:async_hooks";
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import type { Config } from "./config";
import { scopeOf } from "./request-scope";

/**
 * The one gate every request passes before the app (issue #14, "one request gate"): what a
 * client got wrong is answered here with a 4xx, so no route has to survive it and no 5xx is
 * left for a client's mistake. In order: the method, the Host and the path's encoding, the
 * origin of a state change, and (for the app's routes) the size of the body.
 */

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const STATE_CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Forms and JSON on the app's routes; none of them takes an upload. */
export const MAX_BODY_BYTES = 64 * 1024;

/** A 4xx the gate answers with, rendered by `answerWithErrorPage`. */
export class RequestRefused extends Error {
  override name = "RequestRefused";
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** TRACE, CONNECT and made-up methods get a 405 before anything reads them. */
export const refuseUnknownMethods: RequestHandler = (req, _res, next) => {
  if (KNOWN_METHODS.has(req.method)) return next();
  next(new RequestRefused(405, "Method not allowed", { Allow: [...KNOWN_METHODS].join(", ") }));
};

/** A Host the URL parser accepts with a port in range; the X-Forwarded-Host when trusted. */
export function isWellFormedHost(host: string | undefined): boolean {
  if (!host || !/^[A-Za-z0-9.\-[\]:]+$/.test(host)) return false;
  try {
    const url = new URL(`http://${host}`);
    return url.host !== "" && url.pathname === "/" && !url.username && !url.search;
  } catch {
    return false;
  }
}

export function isDecodablePath(url: string): boolean {
  const path = url.split("?")[0] ?? "";
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** `Host: a b`, `Host: localhost:99999` or `/news/%` cannot be turned into a URL: 400. */
export const requireWellFormedRequest: RequestHandler = (req, _res, next) => {
  if (!isWellFormedHost(req.get("host")) || !isWellFormedHost(req.host)) {
    return next(new RequestRefused(400, "Malformed Host header"));
  }
  if (!isDecodablePath(req.originalUrl)) {
    return next(new RequestRefused(400, "Malformed URL encoding"));
  }
  next();
};

/**
 * A state change must come from the shop's own pages (finding 7: SameSite=Lax alone let another
 * site post to `/api/cart` and `/account/logout`). Browsers send `Origin` on every cross-origin
 * POST and `Sec-Fetch-Site` on every request; requests with neither (curl, Prismic's webhook,
 * the app's own server-to-server calls) are not a browser acting for a shopper and pass.
 * `Sec-Fetch-Site: same-origin` is the browser's own word and wins over `Origin: null`, which a
 * page with `Referrer-Policy: no-referrer` sends (the storefront emulator's checkout page does).
 */
export function requireSameOrigin(config: Config): RequestHandler {
  const publicOrigin = new URL(config.publicUrl).origin;
  return (req, _res, next) => {
    if (!STATE_CHANGING_METHODS.has(req.method)) return next();
    const fetchSite = req.get("Sec-Fetch-Site");
    if (fetchSite === "same-origin") return next();
    const origin = req.get("Origin");
    const ownOrigin = `${req.protocol}://${req.host}`;
    if (
      fetchSite === "cross-site" ||
      (origin !== undefined && origin !== publicOrigin && origin !== ownOrigin)
    ) {
      return next(new RequestRefused(403, "Cross-site request refused"));
    }
    next();
  };
}

/**
 * Reads the body of a state change while counting it, so a chunked body without
 * `Content-Length` is stopped as surely as a declared one (finding 5: a 50 MB form used to be
 * read in full). What was read is kept in `res.locals.body` for the app's request handler; past
 * the limit the rest is not stored and the answer is 413.
 */
export function limitBody(maxBytes = MAX_BODY_BYTES): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const tooLarge = () =>
      new RequestRefused(413, "Request body too large", { Connection: "close" });
    if (Number(req.get("Content-Length") ?? 0) > maxBytes) return next(tooLarge());

    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    // The body's events come from the socket, outside the request's async context: the rest of
    // the request (the app, the error handler) goes on in it again.
    const finish = AsyncResource.bind((error?: unknown) => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", finish);
      if (error) return next(error);
      res.locals.body = Buffer.concat(chunks);
      next();
    });
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        chunks.length = 0;
        req.pause();
        finish(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish();
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", finish);
  };
}

/** The body the gate read, for the app's request handler. */
export function gatedBody(res: Response): Buffer | undefined {
  return res.locals.body instanceof Buffer ? res.locals.body : undefined;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/**
 * The spec's error page (product §2, the texts of app/components/error-page.tsx) for a request
 * that never reached the app: no scripts, no styles that would need the CSP's nonce.
 */
export function renderErrorPage(status: number, path: string, reference?: string): string {
  const heading = status === 404 ? "404 - Page Not Found" : `${status} - An Error Occured`;
  const explanation =
    status === 404
      ? `<p>The page you were looking for has moved, been removed, or never existed. Check the address, or head back to the home page to keep browsing.</p><p>Page not found: ${escapeHtml(path)}</p>`
      : "<p>Something went wrong on our side. Please try again in a moment.</p>";
  const quoted =
    status >= 500 && reference ? `<p>Reference: <code>${escapeHtml(reference)}</code></p>` : "";
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${heading} | Lagoon</title></head><body><main><h1>${heading}</h1>${explanation}${quoted}<a href="/">Return Home</a></main></body></html>`;
}

/** The API routes and clients that ask for JSON alone get JSON; browsers and curl a page. */
const wantsJson = (req: Request) =>
  req.path.startsWith("/api/") ||
  (/application\/json/.test(req.get("Accept") ?? "") &&
    !/text\/html/.test(req.get("Accept") ?? ""));

/**
 * The last handler: whatever escaped (the gate's refusals, Express's own 4xx such as a param it
 * cannot decode, or a fault) is answered with the spec's page or a JSON error, never Express's
 * default HTML, and never stored by a cache. A fault goes into the request's own log line
 * (`requestFault`, request-log.ts), so its reference leads to one line with the error.
 */
export function answerWithErrorPage(): ErrorRequestHandler {
  return (error, req, res, next) => {
    const status = statusOf(error);
    if (status >= 500) res.locals.fault ??= error;
    if (res.headersSent) return next(error);
    if (error instanceof RequestRefused) res.set(error.headers);
    res.status(status).set("Cache-Control", "no-store");
    const message =
      status < 500 && error instanceof Error ? error.message : "Something went wrong on our side.";
    const reference = scopeOf(req)?.id;
    if (wantsJson(req))
      res.json({ error: message, status, ...(status >= 500 ? { reference } : {}) });
    else res.type("html").send(renderErrorPage(status, req.path, reference));
  };
}

/** The fault the last handler answered for, to be logged with the request. */
export function requestFault(res: Response): unknown {
  return res.locals.fault;
}

function statusOf(error: unknown): number {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status;
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  const code = typeof status === "number" ? status : statusCode;
  return typeof code === "number" && code >= 400 && code < 600 ? code : 500;
}
