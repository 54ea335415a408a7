import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type LoopbackServer, listenOnLoopback } from "../tests/support/loopback";
import { send } from "../tests/support/raw-http";
import { readConfig } from "./config";
import {
  answerWithErrorPage,
  gatedBody,
  isDecodablePath,
  isWellFormedHost,
  limitBody,
  RequestRefused,
  refuseUnknownMethods,
  renderErrorPage,
  requireSameOrigin,
  requireWellFormedRequest,
} from "./request-gate";

// The gate's rules one by one, on a bare Express app wired as server/app.ts wires them, over real
// HTTP. request-gate.test.ts checks the same gate in front of the whole server (createApp); these
// run in well under a second, so they can run for every mutant of the gate (npm run mutate).

const PUBLIC_URL = "https://shop.example";
const LIMIT = 16;
const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const STATE_CHANGES = ["POST", "PUT", "PATCH", "DELETE"];

let server: LoopbackServer;
let faults: unknown[] = [];

beforeAll(async () => {
  const config = readConfig({ LAGOON_PUBLIC_URL: PUBLIC_URL, LOG_LEVEL: "silent" });
  const app = express();
  // A fault the error page reports is left on the answer for the request's log line.
  app.use((_req, res, next) => {
    let reported = false;
    const record = () => {
      if (reported || !res.locals.fault) return;
      reported = true;
      faults.push(res.locals.fault);
    };
    res.on("finish", record);
    res.on("close", record);
    next();
  });
  app.set("trust proxy", "loopback, linklocal, uniquelocal");
  app.use(refuseUnknownMethods, requireWellFormedRequest, requireSameOrigin(config));
  const echo: express.RequestHandler = (req, res) => {
    const body = gatedBody(res);
    res.json({ method: req.method, body: body === undefined ? null : body.toString("utf8") });
  };
  app.all("/form", limitBody(LIMIT), echo);
  app.all("/api/form", limitBody(LIMIT), echo);
  app.all("/ungated", echo);
  app.get("/fail", (req) => {
    const { status, statusCode, plain, headers } = req.query;
    if (plain) throw { status: Number(plain) };
    throw Object.assign(new Error("what went wrong"), {
      ...(headers === undefined ? {} : { headers: { "X-Upstream": "leaked" } }),
      ...(status === undefined ? {} : { status: Number(status) }),
      ...(statusCode === undefined ? {} : { statusCode: Number(statusCode) }),
    });
  });
  app.get("/refused", () => {
    throw new RequestRefused(429, "Slow down", { "Retry-After": "7" });
  });
  app.get("/half-sent", (_req, res) => {
    res.status(200).write("partial");
    throw new Error("failed after the headers went out");
  });
  app.use(answerWithErrorPage());
  server = await listenOnLoopback(app);
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  faults = [];
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  send(server.origin, {
    method: "POST",
    path,
    headers: { "Content-Type": "text/plain", ...headers },
    body,
  });

describe("methods", () => {
  it.each(ALL_METHODS)("lets %s through", async (method) => {
    const response = await send(server.origin, { method, path: "/ungated" });
    expect(response.status).toBe(200);
  });

  // Node's parser answers a method it does not know (BREW) with its own 400 before Express.
  it("says why in JSON for the API", async () => {
    const response = await send(server.origin, { method: "TRACE", path: "/api/form" });
    expect(response.status).toBe(405);
    expect(JSON.parse(response.body)).toEqual({ error: "Method not allowed", status: 405 });
    expect(new RequestRefused(405, "Method not allowed").name).toBe("RequestRefused");
  });

  it.each(["TRACE", "PROPFIND", "MKCOL"])(
    "answers %s with 405 and the methods it takes",
    async (method) => {
      const response = await send(server.origin, { method, path: "/ungated" });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe(ALL_METHODS.join(", "));
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.body).toContain("<h1>405 - An Error Occured</h1>");
    },
  );
});

describe("the Host and the path", () => {
  it.each(["shop.example", "shop.example:8080", "127.0.0.1:3000", "[::1]:3000", "localhost"])(
    "takes %s as a Host",
    (host) => {
      expect(isWellFormedHost(host)).toBe(true);
    },
  );

  it.each([
    undefined,
    "",
    "a b",
    "localhost:99999",
    "shop_example",
    "shop.example_",
    "_shop.example",
    "user@shop.example",
    "shop.example/x",
    "shop.example?x",
    "[zz]",
  ])("refuses %j as a Host", (host) => {
    expect(isWellFormedHost(host)).toBe(false);
  });

  it("answers a malformed Host, or a malformed forwarded Host from a trusted proxy, with 400", async () => {
    for (const headers of [{ Host: "localhost:99999" }, { "X-Forwarded-Host": "a b" }] as Record<
      string,
      string
    >[]) {
      const response = await send(server.origin, { path: "/api/form", headers });
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toEqual({ error: "Malformed Host header", status: 400 });
    }
  });

  it("decodes the path only: a stray % in the query is the route's business", () => {
    expect(isDecodablePath("/news/%")).toBe(false);
    expect(isDecodablePath("/news/%E0%A4%A")).toBe(false);
    expect(isDecodablePath("/news/caf%C3%A9")).toBe(true);
    expect(isDecodablePath("/search?q=100%")).toBe(true);
  });

  it("answers a path that cannot be decoded with 400", async () => {
    const response = await send(server.origin, { path: "/api/form/%" });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ error: "Malformed URL encoding", status: 400 });
    const fine = await send(server.origin, { path: "/ungated?q=100%" });
    expect(fine.status).toBe(200);
  });
});

describe("state changes from another site", () => {
  it.each(STATE_CHANGES)("refuses a %s from another site's page", async (method) => {
    for (const headers of [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "cross-site", Origin: PUBLIC_URL },
    ] as Record<string, string>[]) {
      const response = await send(server.origin, { method, path: "/api/form", headers });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(response.body)).toEqual({
        error: "Cross-site request refused",
        status: 403,
      });
    }
  });

  it.each(["GET", "HEAD", "OPTIONS"])("lets a %s from another site through", async (method) => {
    const headers = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };
    const response = await send(server.origin, { method, path: "/ungated", headers });
    expect(response.status).toBe(200);
  });

  it("lets the shop's own pages through, by the public origin or the origin it was reached on", async () => {
    for (const headers of [
      { Origin: PUBLIC_URL },
      { Origin: server.origin },
      { "Sec-Fetch-Site": "same-origin", Origin: "null" },
      { "Sec-Fetch-Site": "same-origin", Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "same-site" },
      { "Sec-Fetch-Site": "none" },
      {},
    ] as Record<string, string>[]) {
      const response = await post("/form", "a=1", headers);
      expect(response.status, JSON.stringify(headers)).toBe(200);
    }
  });
});

describe("the body of a state change", () => {
  it("hands the route the body it read, up to the limit exactly, declared or chunked", async () => {
    const full = "x".repeat(LIMIT);
    for (const chunked of [false, true]) {
      const response = await send(server.origin, {
        method: "PUT",
        path: "/form",
        headers: { "Content-Type": "text/plain" },
        body: full,
        chunked,
      });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body)).toEqual({ method: "PUT", body: full });
    }
  });

  it("answers a declared body one byte over the limit with 413 and closes the connection", async () => {
    const response = await post("/form", "x".repeat(LIMIT + 1));
    expect(response.status).toBe(413);
    expect(response.headers.connection).toBe("close");
    expect(response.body).toContain("<h1>413 - An Error Occured</h1>");
  });

  it("answers a declared oversized body with 413 before any of it arrives", async () => {
    // The client declares 1,000 bytes and sends none: only an answer that does not wait for the
    // body comes back (a gate that read first would wait for bytes that never come).
    const response = await send(
      server.origin,
      { method: "POST", path: "/form", headers: { "Content-Length": "1000" } },
      { timeoutMs: 5_000 },
    );
    expect(response.status).toBe(413);
  });

  it("reads no body for HEAD either", async () => {
    const response = await send(server.origin, {
      method: "HEAD",
      path: "/form",
      body: "x".repeat(LIMIT * 4),
    });
    expect(response.status).toBe(200);
  });

  it("answers a chunked body that grows past the limit with 413", async () => {
    const response = await send(server.origin, {
      method: "POST",
      path: "/api/form",
      headers: { "Content-Type": "text/plain" },
      body: "x".repeat(LIMIT + 4),
      chunked: true,
    });
    expect(response.status).toBe(413);
    expect(response.headers.connection).toBe("close");
    expect(JSON.parse(response.body)).toEqual({ error: "Request body too large", status: 413 });
  });

  it("reads no body for GET, however large", async () => {
    const response = await send(server.origin, {
      method: "GET",
      path: "/form",
      body: "x".repeat(LIMIT * 4),
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ method: "GET", body: null });
  });

  it("has no body for the route when the gate read none", async () => {
    const response = await post("/ungated", "a=1");
    expect(JSON.parse(response.body)).toEqual({ method: "POST", body: null });
  });

  it("hands an empty body on as empty, not as none", async () => {
    const response = await send(server.origin, { method: "DELETE", path: "/form" });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ method: "DELETE", body: "" });
  });
});

describe("the error answer", () => {
  it("is JSON for the API and for clients that ask for JSON alone, else the spec's page", async () => {
    const asked = async (path: string, accept?: string) => {
      const response = await send(server.origin, {
        path,
        headers: accept === undefined ? {} : { Accept: accept },
      });
      return response.headers["content-type"];
    };
    expect(await asked("/api/form/%")).toMatch(/^application\/json/);
    expect(await asked("/fail?status=404", "application/json")).toMatch(/^application\/json/);
    expect(await asked("/fail?status=404", "text/html, application/json")).toMatch(/^text\/html/);
    expect(await asked("/fail?status=404", "*/*")).toMatch(/^text\/html/);
    expect(await asked("/fail?status=404")).toMatch(/^text\/html/);
    expect(await asked("/apis/x/%")).toMatch(/^text\/html/);
  });

  it("carries a client mistake's status and message, never stored", async () => {
    const response = await send(server.origin, {
      path: "/fail?status=409",
      headers: { Accept: "application/json" },
    });
    expect(response.status).toBe(409);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(response.body)).toEqual({ error: "what went wrong", status: 409 });
    expect(faults).toEqual([]);
  });

  it("takes the status from statusCode when there is no numeric status", async () => {
    const json = { Accept: "application/json" };
    const byCode = await send(server.origin, { path: "/fail?statusCode=404", headers: json });
    expect(byCode.status).toBe(404);
    const both = await send(server.origin, {
      path: "/fail?status=410&statusCode=404",
      headers: json,
    });
    expect(both.status).toBe(410);
  });

  it("sends the gate's own headers with its refusal, and no other error's", async () => {
    const response = await send(server.origin, { path: "/refused" });
    expect(response.status).toBe(429);
    expect(response.headers["retry-after"]).toBe("7");
    const other = await send(server.origin, { path: "/fail?status=400&headers=1" });
    expect(other.status).toBe(400);
    expect(other.headers["x-upstream"]).toBeUndefined();
  });

  it.each([
    ["/fail", 500],
    ["/fail?status=399", 500],
    ["/fail?status=400", 400],
    ["/fail?status=599", 599],
    ["/fail?status=600", 500],
    ["/fail?statusCode=600", 500],
  ])("answers %s with %i", async (path, status) => {
    const response = await send(server.origin, { path, headers: { Accept: "application/json" } });
    expect(response.status).toBe(status);
  });

  it("hides a fault's message and reports the fault", async () => {
    const response = await send(server.origin, {
      path: "/fail?status=503",
      headers: { Accept: "application/json" },
    });
    expect(response.status).toBe(503);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(response.body)).toEqual({
      error: "Something went wrong on our side.",
      status: 503,
    });
    expect(faults).toHaveLength(1);
    const plain = await send(server.origin, {
      path: "/fail",
      headers: { Accept: "application/json" },
    });
    expect(JSON.parse(plain.body)).toEqual({
      error: "Something went wrong on our side.",
      status: 500,
    });
    const page = await send(server.origin, { path: "/fail" });
    expect(page.body).toContain("<h1>500 - An Error Occured</h1>");
    expect(page.body).toContain("Something went wrong on our side. Please try again in a moment.");
    expect(page.body).not.toContain("what went wrong");
    expect(faults).toHaveLength(3);
  });

  it("says the generic message for a refusal that is not an Error", async () => {
    const response = await send(server.origin, {
      path: "/fail?plain=404",
      headers: { Accept: "application/json" },
    });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toEqual({
      error: "Something went wrong on our side.",
      status: 404,
    });
  });

  it("leaves a fault after the headers went out to Express, which ends the answer", async () => {
    const response = await send(server.origin, { path: "/half-sent" }).catch(() => undefined);
    // The status line had gone out: the client sees a 200 cut short, never an error page.
    if (response) {
      expect(response.status).toBe(200);
      expect(response.body).not.toContain("An Error Occured");
    }
    expect(faults).toHaveLength(1);
  });
});

describe("the error page", () => {
  it("is the spec's 404 page, the path escaped", () => {
    const page = renderErrorPage(404, `/a<script>"'&`);
    expect(page).toContain("<title>404 - Page Not Found | Lagoon</title>");
    expect(page).toContain("<h1>404 - Page Not Found</h1>");
    expect(page).toContain(
      "The page you were looking for has moved, been removed, or never existed. Check the address, or head back to the home page to keep browsing.",
    );
    expect(page).toContain("Page not found: /a&lt;script&gt;&quot;&#39;&amp;</p>");
    expect(page).toContain('<a href="/">Return Home</a>');
    expect(page).toMatch(/^<!DOCTYPE html><html lang="en">/);
  });

  it("is the spec's error page for any other status, without the path", () => {
    const page = renderErrorPage(400, "/a<b");
    expect(page).toContain("<title>400 - An Error Occured | Lagoon</title>");
    expect(page).toContain("<h1>400 - An Error Occured</h1>");
    expect(page).toContain("Something went wrong on our side. Please try again in a moment.");
    expect(page).not.toContain("a&lt;b");
    expect(page).not.toContain("Page not found");
  });
});
