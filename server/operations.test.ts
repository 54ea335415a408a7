import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ANOTHER_MACHINE,
  type LagoonInstance,
  lagoonForFile,
  loadAppBuild,
  startLagoon,
} from "../tests/support/lagoon-server";
import { send } from "../tests/support/raw-http";

// What an operator relies on (issue 31): metrics on their own port, Server-Timing and a request
// id on every answer, the id as an error page's reference, and proxies trusted by TRUST_PROXY.

type LogLine = Record<string, unknown> & {
  reqId?: string;
  msg?: string;
  clientIp?: string;
  req?: { url?: string };
};

function logCollector() {
  const lines: LogLine[] = [];
  return { lines, destination: { write: (line: string) => lines.push(JSON.parse(line)) } };
}

const logs = logCollector();
const shop = lagoonForFile({
  env: {
    METRICS_PORT: "0",
    // The projects page's content (project_home) fails upstream: the shop answers them 503 with its error page.
    LAGOON_EMULATOR_FAULTS: JSON.stringify({
      content: [{ status: 500, documentTypes: ["project_home"] }],
    }),
  },
  logs: logs.destination,
});

const PRODUCT = "/store/products/davey-silensorpro-sls-pool-pump";

const elsewhere = new Agent({ localAddress: ANOTHER_MACHINE.connectFrom });

/** A request from ANOTHER_MACHINE (seen as 198.51.100.7), with the headers given. */
const fromElsewhere = (
  origin: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) => send(origin, { path, ...init }, { agent: elsewhere });

describe("metrics", () => {
  it("are served on their own listener, never on the shop's port", async () => {
    await fetch(`${shop.origin}/`);
    await fetch(`${shop.origin}/`);
    await fetch(`${shop.origin}${PRODUCT}`, { headers: { "X-Lagoon-Cache-Bypass": "1" } });

    expect((await fetch(`${shop.origin}/metrics`)).status).toBe(404);

    const scrape = await fetch(`${shop.metricsOrigin}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toContain("text/plain");
    const text = await scrape.text();
    expect(text).toMatch(
      /^lagoon_http_request_duration_seconds_count\{route="routes\/home",method="GET",status="200"\} [1-9]/m,
    );
    expect(text).toMatch(/^lagoon_page_cache_requests_total\{status="miss"\} [1-9]/m);
    expect(text).toMatch(/^lagoon_page_cache_requests_total\{status="hit"\} [1-9]/m);
    expect(text).toMatch(/^lagoon_page_cache_requests_total\{status="bypass"\} [1-9]/m);
    expect(text).toMatch(
      /^lagoon_upstream_request_duration_seconds_count\{service="storefront",outcome="ok"\} [1-9]/m,
    );
    expect(text).toMatch(/^lagoon_outbox_pending 0$/m);
    expect(text).toMatch(/^lagoon_outbox_oldest_age_seconds 0$/m);
    for (const family of [
      "nodejs_eventloop_lag_seconds",
      "nodejs_heap_size_used_bytes",
      "process_resident_memory_bytes",
    ]) {
      expect(text).toMatch(new RegExp(`^${family} \\d`, "m"));
    }
    expect((await fetch(`${shop.metricsOrigin}/`)).status).toBe(404);
  });
});

describe("Server-Timing and the request id", () => {
  it("a form whose body comes after its headers is timed as part of its request", async () => {
    const body = new URLSearchParams({ email: "not an address" }).toString();
    const answer = await new Promise<{ status?: number; timing?: string | string[] }>(
      (resolve, reject) => {
        const posting = request(`${shop.origin}/api/newsletter`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "content-length": Buffer.byteLength(body),
            origin: shop.origin,
          },
        });
        posting.on("response", (response) => {
          response.resume();
          resolve({ status: response.statusCode, timing: response.headers["server-timing"] });
        });
        posting.on("error", reject);
        // The headers go first; the body arrives later, through the socket's own events.
        posting.flushHeaders();
        setTimeout(() => posting.end(body), 100);
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.timing).toMatch(/^app;dur=[\d.]+, .*total;dur=[\d.]+$/);
  });

  it("each answer has its own, a stored page included", async () => {
    const path = "/store/collections/pumps";
    const miss = await fetch(`${shop.origin}${path}`);
    const hit = await fetch(`${shop.origin}${path}`);
    expect(miss.headers.get("x-lagoon-cache")).toBe("MISS");
    expect(hit.headers.get("x-lagoon-cache")).toBe("HIT");

    const missTiming = miss.headers.get("server-timing") ?? "";
    expect(missTiming).toMatch(
      /^cache;desc=MISS, loaders;dur=[\d.]+, render;dur=[\d.]+, .*total;dur=[\d.]+$/,
    );
    // The stored page's answer says what this request did, not what the miss did.
    expect(hit.headers.get("server-timing")).toMatch(/^cache;desc=HIT, total;dur=[\d.]+$/);

    const ids = [miss, hit].map((answer) => answer.headers.get("x-request-id"));
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    // The request log has a line for each, under its id.
    for (const id of ids) {
      expect(
        logs.lines.filter((line) => line.reqId === id && line.msg === "request completed"),
      ).toHaveLength(1);
    }
  });

  it("takes X-Request-Id only from a trusted proxy", async () => {
    const forwarded = "proxy-request-0123456789";
    const local = await fetch(`${shop.origin}/healthz`, { headers: { "X-Request-Id": forwarded } });
    expect(local.headers.get("x-request-id")).toBe(forwarded);
    const elsewhere = await fromElsewhere(shop.origin, "/healthz", {
      headers: { "X-Request-Id": forwarded },
    });
    expect(elsewhere.headers["x-request-id"]).not.toBe(forwarded);
    expect(elsewhere.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("an error page shows a reference found on its request's one log line", async () => {
    const answer = await fetch(`${shop.origin}/projects`);
    expect(answer.status).toBe(503);
    const page = await answer.text();
    const reference = page.match(/Reference: <code id="error-reference">([^<]+)<\/code>/)?.[1];
    expect(reference).toBeDefined();
    expect(reference).toBe(answer.headers.get("x-request-id"));

    // Every line written for the request carries its id; one of them is the request's own line.
    const mentions = logs.lines.filter((line) => JSON.stringify(line).includes(reference ?? "-"));
    expect(mentions.every((line) => line.reqId === reference)).toBe(true);
    const requestLines = mentions.filter((line) => line.req?.url === "/projects");
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      level: 50,
      msg: "request errored",
      res: { statusCode: 503 },
    });
    // The cause is logged under the same reference.
    expect(mentions.map((line) => line.msg)).toContain("content service failed");
  });
});

describe("TRUST_PROXY", () => {
  const proxyLogs = logCollector();
  let behindProxy: LagoonInstance;

  beforeAll(async () => {
    // The same shop, told that ANOTHER_MACHINE's address is its proxy.
    behindProxy = await startLagoon({
      build: await loadAppBuild(),
      env: { TRUST_PROXY: ANOTHER_MACHINE.seenAs },
      logs: proxyLogs.destination,
    });
  }, 120_000);
  afterAll(() => behindProxy?.close());

  /** Six sign-ups, each claiming another client: the limit is five an address (product §5). */
  const signUps = async (origin: string, label: string) => {
    const statuses: number[] = [];
    for (let n = 1; n <= 6; n++) {
      const answer = await fromElsewhere(origin, "/api/newsletter", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": `203.0.113.${n}`,
        },
        body: new URLSearchParams({
          EMAIL: `${label}-${n}@example.com`,
          tags: "website",
        }).toString(),
      });
      statuses.push(answer.status);
    }
    return statuses;
  };

  it("ignores X-Forwarded-For from an address it does not trust", async () => {
    expect(await signUps(shop.origin, "spoofed")).toEqual([200, 200, 200, 200, 200, 429]);
    const line = logs.lines.findLast((entry) => entry.req?.url === "/api/newsletter");
    expect(line?.clientIp).toBe(ANOTHER_MACHINE.seenAs);
  });

  it("reads the client from its configured proxy", async () => {
    expect(await signUps(behindProxy.origin, "proxied")).toEqual([200, 200, 200, 200, 200, 200]);
    const line = proxyLogs.lines.findLast((entry) => entry.req?.url === "/api/newsletter");
    expect(line?.clientIp).toBe("203.0.113.6");
  });

  it("reads HTTPS from its configured proxy only", async () => {
    // A page on the proxy's https origin posts: the shop is that origin only if the proxy says so.
    const post = (origin: string) =>
      fromElsewhere(origin, "/api/newsletter", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: origin.replace("http:", "https:"),
          "X-Forwarded-Proto": "https",
          "X-Forwarded-For": "203.0.113.50",
        },
        body: new URLSearchParams({ EMAIL: "https@example.com", tags: "website" }).toString(),
      });
    expect((await post(shop.origin)).status).toBe(403);
    expect((await post(behindProxy.origin)).status).toBe(200);
  });
});
