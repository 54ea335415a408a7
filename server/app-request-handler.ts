import { brotliCompressSync, gzipSync } from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import type {
  Request as ExpressRequest,
  Response as ExpressResponse,
  RequestHandler,
} from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { brotliAt, compressBrotli, compressGzip, preferredEncoding } from "./encoding";
import type { PageCache } from "./page-cache";
import { gatedBody } from "./request-gate";
import { currentRequest } from "./request-scope";

/**
 * React Router's Express adapter, except that the body is the one the request gate read within
 * its limit (the adapter would stream the socket to the app with no limit at all). The URL is
 * made from the Host the gate found well formed, and the request is aborted when the shopper
 * disconnects, so the app's reads can stop. A request the page cache marked is rendered for its
 * normalised URL, and its answer is stored when it may be shared (decision 008).
 */
export function createAppRequestHandler({
  build,
  mode,
  getLoadContext,
  pageCache,
}: {
  build: ServerBuild;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  pageCache?: PageCache;
}): RequestHandler {
  const handleRequest = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const fillUrl = pageCache?.fillUrl(req);
      const scope = currentRequest();
      if (scope) scope.appStarted = performance.now();
      const response = await handleRequest(
        toFetchRequest(req, res, fillUrl),
        getLoadContext(req, res),
      );
      if (scope) scope.appEnded = performance.now();
      const body = async () => Buffer.from(await response.arrayBuffer());
      if (fillUrl && (await pageCache?.fill(req, res, response, body))) return;
      await sendResponse(req, res, response, body);
    } catch (error) {
      next(error);
    }
  };
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse, fillUrl?: URL): Request {
  const url = fillUrl ?? new URL(`${req.protocol}://${req.host}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(key, one);
  }
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    signal,
    body: hasBody ? new Uint8Array(gatedBody(res) ?? []) : undefined,
  });
}

/** What is worth compressing: markup, data and text, not images or streams. */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:json|xml|javascript|[\w.+-]+\+(?:json|xml)))/i;
/** Below this a compressed answer saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;
const RENDERED_GZIP = { level: 6 };
/**
 * Quality 1: on a 60–76 KB page about half the CPU of quality 3 (0.09 ms against 0.16–0.19 ms a
 * call) for about 10 % more bytes, 12 KB in all (decision 009). Only rendered answers pay it: a
 * signed-in shopper's pages and the page cache's misses. The cache stores quality 8.
 */
const RENDERED_BROTLI_QUALITY = 1;

/**
 * Up to this size an answer is compressed on the main thread. On libuv's pool, brotli on a 71 KB
 * page cost the process about four times the CPU of the same call made in place (0.45–0.6 ms
 * against 0.12–0.13 ms, most of it the kernel's, memory the pool's threads allocate and the main
 * thread frees), and cost the main thread itself about as much as the call in place (decision
 * 009). Larger answers (sitemaps, say) go to the pool: one call in place would hold the loop.
 */
const COMPRESS_IN_PLACE_MAX_BYTES = 256 * 1024;

/** A rendered answer compressed at the quality pages are sent in (exported for tests). */
export async function compressRendered(body: Buffer, encoding: "br" | "gzip"): Promise<Buffer> {
  const inPlace = body.length <= COMPRESS_IN_PLACE_MAX_BYTES;
  if (encoding === "gzip")
    return inPlace ? gzipSync(body, RENDERED_GZIP) : compressGzip(body, RENDERED_GZIP);
  const options = brotliAt(RENDERED_BROTLI_QUALITY, body.length);
  return inPlace ? brotliCompressSync(body, options) : compressBrotli(body, options);
}

/** The answer's bytes: the page the app rendered as they are, else read from its body. */
async function sendResponse(
  req: ExpressRequest,
  res: ExpressResponse,
  response: Response,
  body: () => Promise<Buffer>,
): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  const encoding = renderedEncoding(req, response);
  try {
    if (encoding) await sendWhole(res, await body(), encoding);
    else await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/**
 * The encoding to compress a rendered answer in, or null to stream it as it is. A page is rendered
 * in one pass (no loader defers data), so it is compressed whole, once: compressing it as React
 * streams it, in pieces through the compression middleware, cost several times the CPU of one
 * call (decision 009).
 */
function renderedEncoding(req: ExpressRequest, response: Response): "br" | "gzip" | null {
  if (req.method === "HEAD" || response.headers.has("Content-Encoding")) return null;
  if (!COMPRESSIBLE.test(response.headers.get("Content-Type") ?? "")) return null;
  if (/\bno-transform\b/i.test(response.headers.get("Cache-Control") ?? "")) return null;
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  return encoding === "identity" ? null : encoding;
}

async function sendWhole(res: ExpressResponse, body: Buffer, encoding: "br" | "gzip") {
  res.vary("Accept-Encoding");
  if (res.destroyed) return;
  if (body.length < MIN_COMPRESS_BYTES) {
    res.setHeader("Content-Length", body.length);
    res.end(body);
    return;
  }
  const compressed = await compressRendered(body, encoding);
  if (res.destroyed) return;
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", compressed.length);
  res.end(compressed);
}
