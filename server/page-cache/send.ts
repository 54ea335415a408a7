import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { preferredEncoding } from "../encoding";
import { type CacheStatus, currentRequest, serverTiming } from "../request-scope";
import type { StoredPage } from "./entry";

const decompressGzip = promisify(gunzip);

/** Response header: what the cache did. */
export const CACHE_STATUS_HEADER = "X-Lagoon-Cache";

/** The stored headers as a flat list, made once per decoded page. */
const flatHeaders = new WeakMap<StoredPage, string[]>();

/** Answers with a stored page, in the encoding the browser prefers. */
export async function send(
  req: IncomingMessage,
  res: ServerResponse,
  page: StoredPage,
  status: CacheStatus,
) {
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const body =
    encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : await decompressGzip(page.gzip);
  if (res.headersSent) return;
  let headers = flatHeaders.get(page);
  if (!headers) {
    headers = page.headers.flat();
    flatHeaders.set(page, headers);
  }
  const age = Math.max(0, Math.floor((Date.now() - page.storedAt) / 1000));
  const extra = ["Content-Length", String(body.length), "Age", String(age)];
  extra.push(CACHE_STATUS_HEADER, status);
  // This answer's own id and timing: a stored page keeps neither from the answer that stored it.
  const scope = currentRequest();
  if (scope) extra.push("X-Request-Id", scope.id, "Server-Timing", serverTiming(scope));
  if (encoding === "br" || encoding === "gzip") extra.push("Content-Encoding", encoding);
  // One writeHead with every header: the cheapest way through Node's HTTP response.
  res.writeHead(page.status, [...headers, ...extra]);
  res.end(req.method === "HEAD" ? undefined : body);
}
