import type { IncomingMessage, ServerResponse } from "node:http";
import { isDecodablePath, isWellFormedHost } from "../request-gate";
import { ownPathKind, pathOf } from "../server-routes";

/**
 * What the app's routes are: not the emulators, the server's own answers or a built file (those
 * are answered without a lookup here, and never count against a client's budget of misses), and
 * only a request the gate would let through (a Host and path it can read; else the app answers
 * the 400).
 */
export function isPageRequest(
  req: IncomingMessage,
  target: string,
  isFile: (path: string) => boolean,
): boolean {
  if (ownPathKind(pathOf(target), isFile) || !isDecodablePath(target)) return false;
  const forwarded = req.headers["x-forwarded-host"];
  return (
    isWellFormedHost(req.headers.host) &&
    (forwarded === undefined || (typeof forwarded === "string" && isWellFormedHost(forwarded)))
  );
}

/**
 * The answer to a client over its render budget (admission.ts): a small page of its own, never
 * stored, that says when to come back (pages the cache holds are still served to it meanwhile).
 */
export function tooManyMisses(res: ServerResponse, retryAfterSeconds: number): void {
  const body =
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>Too many requests</title>' +
    "<h1>Too many requests</h1><p>Please wait a moment, then try again.</p></html>";
  res.writeHead(429, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "Retry-After": String(retryAfterSeconds),
  });
  res.end(res.req.method === "HEAD" ? undefined : body);
}
