import { Writable } from "node:stream";
import express from "express";
import { pinoHttp } from "pino-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackServer, listenOnLoopback } from "../tests/support/loopback";
import { createLogger, redactUrl, requestLogSerializers } from "./logger";

// Issue 14, finding 12: signing out redirects to the provider's logout page with the ID token as
// id_token_hint, and the request log printed that Location (and, in embedded mode, the logout
// page's own URL). The request log is pino-http with the server's serializers, as in app.ts.

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
  app.use(pinoHttp({ logger, serializers: requestLogSerializers }));
  app.post("/account/logout", (_req, res) => {
    res.redirect(302, logoutUrl);
  });
  app.get("/logout", (_req, res) => {
    res.send("signed out");
  });
  server = await listenOnLoopback(app);
});
afterAll(() => server.close());

describe("the request log", () => {
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

  it("redacts only token parameters", () => {
    expect(redactUrl("/a?code=1&id_token_hint=x.y.z&b=2")).toBe(
      "/a?code=1&id_token_hint=[redacted]&b=2",
    );
    expect(redactUrl("/search?q=token")).toBe("/search?q=token");
  });
});
