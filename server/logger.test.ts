import { Writable } from "node:stream";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackServer, listenOnLoopback } from "../tests/support/loopback";
import { createLogger, redactUrl } from "./logger";
import { requestLog } from "./request-log";

// Issue 14, finding 12: signing out redirects to the provider's logout page with the ID token as
// id_token_hint, and the request log printed that Location (and, in embedded mode, the logout
// page's own URL). The request log is the server's own (request-log.ts), as in app.ts.

const ID_TOKEN = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiI3In0.SIGNATURE-OF-THE-ID-TOKEN";
const logoutUrl = `https://shopify.com/authentication/1/logout?id_token_hint=${ID_TOKEN}&post_logout_redirect_uri=https%3A%2F%2Fshop.example%2F`;

let server: LoopbackServer;
let lines: string[] = [];

beforeAll(async () => {
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = createLogger("info", destination);
  const app = express();
  app.use(requestLog(logger, { quiet: (req) => req.url.startsWith("/_emulators/") }));
  app.get("/_emulators/storefront/ok", (_req, res) => {
    res.send("ok");
  });
  app.get("/_emulators/storefront/down", (_req, res) => {
    res.status(500).send("down");
  });
  app.post("/account/logout", (_req, res) => {
    res.redirect(302, logoutUrl);
  });
  app.get("/logout", (_req, res) => {
    res.send("signed out");
  });
  app.get("/broken", (_req, res) => {
    res.status(503).send("down");
  });
  server = await listenOnLoopback(app);
});
afterAll(() => server.close());

describe("the request log", () => {
  it("logs the emulators' answers at debug, and their failures as errors", async () => {
    lines = [];
    await (await fetch(`${server.origin}/_emulators/storefront/ok`)).text();
    await (await fetch(`${server.origin}/_emulators/storefront/down`)).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; req: { url: string } });
    expect(logged.map((line) => line.req.url)).toEqual(["/_emulators/storefront/down"]);
    expect(logged[0]?.msg).toBe("request errored");
  });

  it("keeps the sign-out's ID token out of the logged Location and URL", async () => {
    lines = [];
    const signOut = await fetch(`${server.origin}/account/logout`, {
      method: "POST",
      redirect: "manual",
    });
    expect(signOut.headers.get("Location")).toContain(ID_TOKEN);
    await fetch(`${server.origin}/logout?id_token_hint=${ID_TOKEN}&post_logout_redirect_uri=x`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const log = lines.join("");
    expect(log).toContain("shopify.com/authentication/1/logout?id_token_hint=[redacted]");
    expect(log).toContain("/logout?id_token_hint=[redacted]&post_logout_redirect_uri=x");
    expect(log).not.toContain("SIGNATURE-OF-THE-ID-TOKEN");
  });

  it("logs each answer with its request, status and time, and a 5xx as an error", async () => {
    lines = [];
    await (
      await fetch(`${server.origin}/logout?page=2`, { headers: { Cookie: "s=secret" } })
    ).text();
    await (await fetch(`${server.origin}/broken`)).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [ok, broken] = lines.map((line) => JSON.parse(line));
    expect(ok).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { method: "GET", url: "/logout?page=2", headers: { cookie: "[redacted]" } },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(broken).toMatchObject({ level: 50, msg: "request errored", res: { statusCode: 503 } });
  });

  it("builds no line below its level, and still logs a 5xx at `warn`", async () => {
    const quiet: string[] = [];
    const logger = createLogger(
      "warn",
      new Writable({
        write(chunk, _encoding, done) {
          quiet.push(String(chunk));
          done();
        },
      }),
    );
    const app = express();
    app.use(requestLog(logger));
    app.get("/fine", (_req, res) => {
      res.send("fine");
    });
    app.get("/broken", (_req, res) => {
      res.status(500).send("broken");
    });
    const quietServer = await listenOnLoopback(app);
    try {
      await (await fetch(`${quietServer.origin}/fine`)).text();
      await (await fetch(`${quietServer.origin}/broken`)).text();
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await quietServer.close();
    }
    expect(quiet.map((line) => JSON.parse(line).req.url)).toEqual(["/broken"]);
  });

  it("redacts only token parameters", () => {
    expect(redactUrl("/a?code=1&id_token_hint=x.y.z&b=2")).toBe(
      "/a?code=1&id_token_hint=[redacted]&b=2",
    );
    expect(redactUrl("/search?q=token")).toBe("/search?q=token");
  });
});
