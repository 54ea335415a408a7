import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** What the page cache did with a request (its `X-Lagoon-Cache` header). */
export type CacheStatus = "HIT" | "STALE" | "MISS" | "BYPASS";

/** An upstream answer by class, or `failed` when none came (refused, reset, timed out, aborted). */
export type UpstreamOutcome = "ok" | "4xx" | "5xx" | "failed";

/** Where the upstream calls made for a request are counted (metrics.ts). */
export interface UpstreamCounter {
  observeUpstream(labels: { service: string; outcome: UpstreamOutcome }, seconds: number): void;
}

/**
 * What the server learns about one request while answering it: its id (the reference on an error
 * page and in every log line), what the page cache did, and where its time went. Kept in an
 * AsyncLocalStorage entered by the server's listener, so the logger, the page cache and the
 * upstream calls made on the request's behalf find it without being handed it.
 */
export interface RequestScope {
  id: string;
  started: number;
  /** The route that answered (React Router's route id, or the server's own handler's name). */
  route?: string;
  cache?: CacheStatus;
  /** When the app's handler started, and when its loaders were done and rendering began. */
  appStarted?: number;
  renderStarted?: number;
  appEnded?: number;
  /** Time spent waiting on upstream services (summed over calls, which may overlap). */
  upstreamMs: number;
  upstreamCalls: number;
  /** The metrics of the instance answering (tests run several in one process). */
  metrics?: UpstreamCounter;
}

const storage = new AsyncLocalStorage<RequestScope>();
const scopes = new WeakMap<IncomingMessage, RequestScope>();

/** The scope of the request being answered, wherever its work has come since the listener. */
export function currentRequest(): RequestScope | undefined {
  return storage.getStore();
}

/** The scope of `req`, for code reached through a socket's events, which lose the storage. */
export function scopeOf(req: IncomingMessage): RequestScope | undefined {
  return scopes.get(req);
}

/** Runs `work` (and all it starts) as part of `req`'s answer. */
export function inRequest<T>(req: IncomingMessage, scope: RequestScope, work: () => T): T {
  scopes.set(req, scope);
  return storage.run(scope, work);
}

/** A request id from a proxy: short, and of characters that cannot forge a log or page. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id: the trusted proxy's `X-Request-Id` when it sent a well-formed one, so the
 * proxy's log and the shop's agree, else a new one. A header from anyone else is ignored: a
 * visitor could otherwise put another request's id on their own lines.
 */
export function requestIdOf(req: IncomingMessage, fromTrustedProxy: boolean): string {
  const forwarded = req.headers["x-request-id"];
  if (fromTrustedProxy && typeof forwarded === "string" && FORWARDED_ID.test(forwarded)) {
    return forwarded;
  }
  return randomUUID();
}

export function newRequestScope(id: string): RequestScope {
  return { id, started: performance.now(), upstreamMs: 0, upstreamCalls: 0 };
}

const ms = (value: number) => value.toFixed(1);

/**
 * The `Server-Timing` header of an answer: the cache's verdict, the app's loaders and render,
 * the upstream wait, the total. Durations and the cache status only: no URL, service or visitor
 * detail, so a shared page and a personal one say nothing the visitor should not know.
 */
export function serverTiming(scope: RequestScope, now = performance.now()): string {
  const parts: string[] = [];
  if (scope.cache) parts.push(`cache;desc=${scope.cache}`);
  const { appStarted, renderStarted, appEnded } = scope;
  if (appStarted !== undefined) {
    const end = appEnded ?? now;
    if (renderStarted !== undefined) {
      parts.push(`loaders;dur=${ms(renderStarted - appStarted)}`);
      parts.push(`render;dur=${ms(end - renderStarted)}`);
    } else {
      parts.push(`app;dur=${ms(end - appStarted)}`);
    }
  }
  if (scope.upstreamCalls > 0) parts.push(`upstream;dur=${ms(scope.upstreamMs)}`);
  parts.push(`total;dur=${ms(now - scope.started)}`);
  return parts.join(", ");
}
