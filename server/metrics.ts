import { subscribe } from "node:diagnostics_channel";
import { createServer, type Server } from "node:http";
import { sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DatabaseHandle } from "./db";
import {
  type CacheStatus,
  currentRequest,
  type UpstreamCounter,
  type UpstreamOutcome,
} from "./request-scope";

/**
 * The shop's metrics in Prometheus' text format, served on their own listener (METRICS_PORT) and
 * never on the public port: request latency by route, the page cache's verdicts, upstream calls by
 * service and outcome, the mail outbox's backlog, and Node's own (event-loop lag, heap, RSS).
 * docs/operations.md says how to read them.
 */
export interface Metrics extends UpstreamCounter {
  registry: Registry;
  observeRequest(labels: { route: string; method: string; status: number }, seconds: number): void;
  countPageCache(status: CacheStatus): void;
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Methods as labels: any other word a client sends counts as one, so labels stay few. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function createMetrics({ database }: { database?: DatabaseHandle } = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: "lagoon_http_request_duration_seconds",
    help: "Requests answered, by route id, method and status, until the answer was sent",
    labelNames: ["route", "method", "status"],
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const pageCache = new Counter({
    name: "lagoon_page_cache_requests_total",
    help: "Page requests by what the page cache did: hit, stale, miss or bypass",
    labelNames: ["status"],
    registers: [registry],
  });
  const upstream = new Histogram({
    name: "lagoon_upstream_request_duration_seconds",
    help: "Calls to upstream services, by service and outcome, until the answer's headers",
    labelNames: ["service", "outcome"],
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  if (database) outboxGauges(registry, database);
  const metrics: Metrics = {
    registry,
    observeRequest({ route, method, status }, seconds) {
      const label = KNOWN_METHODS.has(method) ? method : "OTHER";
      requests.observe({ route, method: label, status: String(status) }, seconds);
    },
    countPageCache: (status) => pageCache.inc({ status: status.toLowerCase() }),
    observeUpstream: ({ service, outcome }, seconds) =>
      upstream.observe({ service, outcome }, seconds),
  };
  watchUpstreamCalls(metrics);
  return metrics;
}

/** The outbox's backlog, read from the database when Prometheus scrapes. */
function outboxGauges(registry: Registry, database: DatabaseHandle): void {
  let reading: Promise<{ pending: number; oldestSeconds: number }> | undefined;
  // Both gauges are collected in one scrape: one query serves both.
  const read = () => {
    reading ??= database.db
      .execute(
        sql`select count(*)::int as pending,
              coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
            from mail_outbox where sent_at is null`,
      )
      .then((result) => {
        const row = (result as unknown as { rows: { pending: number; oldest: number }[] }).rows[0];
        return { pending: Number(row?.pending ?? 0), oldestSeconds: Number(row?.oldest ?? 0) };
      })
      // A database out of reach leaves the backlog unknown, not the whole scrape failed.
      .catch(() => ({ pending: Number.NaN, oldestSeconds: Number.NaN }))
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  new Gauge({
    name: "lagoon_outbox_pending",
    help: "Mail messages in the outbox not yet delivered",
    registers: [registry],
    async collect() {
      this.set((await read()).pending);
    },
  });
  new Gauge({
    name: "lagoon_outbox_oldest_age_seconds",
    help: "Age of the oldest undelivered mail message (0 when none waits)",
    registers: [registry],
    async collect() {
      this.set((await read()).oldestSeconds);
    },
  });
}

/**
 * Which upstream a call went to, from its URL: the hosted services' hosts, or the emulators'
 * paths in embedded mode (the app calls them over HTTP, as it would the services).
 */
export function upstreamServiceOf(origin: string, path: string): string {
  const host = hostOf(origin);
  if (path.includes("/admin/api/")) return "admin";
  if (path.startsWith("/_emulators/")) return path.split("/")[2] || "other";
  if (host.endsWith(".myshopify.com")) return "storefront";
  if (host === "shopify.com" || host.endsWith(".shopify.com")) return "customer-account";
  if (host.endsWith(".prismic.io")) return "content";
  if (host.endsWith(".api.mailchimp.com")) return "newsletter";
  return "other";
}

/** Each origin's host, parsed once: a shop calls a handful of origins, over and over. */
const hosts = new Map<string, string>();

function hostOf(origin: string): string {
  let host = hosts.get(origin);
  if (host === undefined) {
    try {
      host = new URL(origin).hostname;
    } catch {
      host = "";
    }
    if (hosts.size >= 100) hosts.clear();
    hosts.set(origin, host);
  }
  return host;
}

interface UndiciRequest {
  origin?: string | URL;
  path?: string;
}

const watchers = new Set<Metrics>();
/** The most recent instance still watching: the owner of calls made outside any request. */
let latest: Metrics | undefined;
let watching = false;

/**
 * Upstream calls as Node's fetch (undici) reports them on its diagnostics channels: every client
 * (Storefront, Customer Account, Prismic, Mailchimp) is timed without wrapping each one. A call
 * made while answering a request also adds to that request's `Server-Timing`. Metrics go to the
 * instance whose request made the call, or to the most recent instance (one per process outside
 * tests).
 */
function watchUpstreamCalls(metrics: Metrics): void {
  watchers.add(metrics);
  latest = metrics;
  if (watching) return;
  watching = true;
  const started = new WeakMap<object, { at: number; scope: ReturnType<typeof currentRequest> }>();
  const finish = (request: UndiciRequest, outcome: UpstreamOutcome) => {
    const call = started.get(request);
    if (!call) return;
    started.delete(request);
    const elapsed = performance.now() - call.at;
    if (call.scope) {
      call.scope.upstreamMs += elapsed;
      call.scope.upstreamCalls += 1;
    }
    const owner = call.scope?.metrics ?? latest;
    owner?.observeUpstream(
      { service: upstreamServiceOf(String(request.origin ?? ""), request.path ?? ""), outcome },
      elapsed / 1000,
    );
  };
  subscribe("undici:request:create", (message) => {
    const { request } = message as { request: UndiciRequest };
    started.set(request, { at: performance.now(), scope: currentRequest() });
  });
  subscribe("undici:request:headers", (message) => {
    const { request, response } = message as {
      request: UndiciRequest;
      response: { statusCode: number };
    };
    const status = response.statusCode;
    finish(request, status >= 500 ? "5xx" : status >= 400 ? "4xx" : "ok");
  });
  subscribe("undici:request:error", (message) => {
    finish((message as { request: UndiciRequest }).request, "failed");
  });
}

/** Stops counting for an instance that closed (tests start several in one process). */
export function forgetMetrics(metrics: Metrics): void {
  watchers.delete(metrics);
  if (latest === metrics) latest = [...watchers].at(-1);
}

/**
 * The metrics listener: `GET /metrics` and nothing else. It binds to loopback unless told
 * otherwise (METRICS_HOST): the figures name routes and upstreams and are for the operator only.
 */
export function createMetricsServer(metrics: Metrics): Server {
  return createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { "Content-Type": metrics.registry.contentType });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        res.writeHead(500, { "Content-Type": "text/plain" });
        res.end(`Could not collect the metrics: ${String(error)}\n`);
      },
    );
  });
}
