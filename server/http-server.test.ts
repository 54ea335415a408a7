import type { Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpServer, type HttpTimeouts } from "./http-server";

// Issue 28, item 7: a client that sends its request slowly, or never finishes it, is cut off
// (1,000 connections sending 7 of 1,000 declared bytes were held for 23 s and more, and Node's
// own limit is 5 minutes), while an honest request whose answer takes long still gets it.

const SHORT: HttpTimeouts = {
  headersTimeoutMs: 400,
  requestTimeoutMs: 800,
  keepAliveTimeoutMs: 300,
  checkIntervalMs: 100,
};
/** How much later than its limit a connection may close on a busy machine. */
const SLACK_MS = 700;

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server whose handler reads the whole body, then answers after `answerAfterMs`. */
async function listen(timeouts?: HttpTimeouts, answerAfterMs = 0): Promise<number> {
  server = createHttpServer((req, res) => {
    req.resume();
    req.on("end", () => setTimeout(() => res.end("ok"), answerAfterMs));
  }, timeouts);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

interface Outcome {
  /** When the server closed the connection, from the first byte sent; null if it stayed open. */
  closedAfterMs: number | null;
  received: string;
}

/** Sends `data` on a raw connection and waits at most `waitMs` for the server to close it. */
function sendAndWait(port: number, data: string, waitMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    let started = 0;
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ closedAfterMs: null, received });
    }, waitMs);
    socket.on("connect", () => {
      started = Date.now();
      socket.write(data);
    });
    socket.on("data", (chunk) => {
      received += chunk.toString();
    });
    socket.on("error", reject);
    socket.on("close", () => {
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - started, received });
    });
  });
}

const PARTIAL_HEADERS = "POST /api/cart HTTP/1.1\r\nHost: shop.example\r\nContent-Ty";
const PARTIAL_BODY =
  "POST /api/cart HTTP/1.1\r\nHost: shop.example\r\nContent-Type: text/plain\r\n" +
  "Content-Length: 1000\r\n\r\n7 bytes";

describe("the shop's HTTP server", () => {
  it("cuts off a client that never finishes its headers", async () => {
    const port = await listen(SHORT);
    const outcome = await sendAndWait(port, PARTIAL_HEADERS, 5_000);
    expect(outcome.closedAfterMs).not.toBeNull();
    expect(outcome.closedAfterMs).toBeLessThanOrEqual(SHORT.headersTimeoutMs + SLACK_MS);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("cuts off a client that never finishes its body", async () => {
    const port = await listen(SHORT);
    const outcome = await sendAndWait(port, PARTIAL_BODY, 5_000);
    expect(outcome.closedAfterMs).not.toBeNull();
    expect(outcome.closedAfterMs).toBeLessThanOrEqual(SHORT.requestTimeoutMs + SLACK_MS);
  });

  it("cuts off many slow clients at once", async () => {
    const port = await listen(SHORT);
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        sendAndWait(port, index % 2 ? PARTIAL_BODY : PARTIAL_HEADERS, 5_000),
      ),
    );
    const latest = Math.max(...outcomes.map((outcome) => outcome.closedAfterMs ?? Infinity));
    expect(latest).toBeLessThanOrEqual(SHORT.requestTimeoutMs + 2 * SLACK_MS);
  });

  it("answers a request that arrived in time, however long the answer takes", async () => {
    const port = await listen(SHORT, SHORT.requestTimeoutMs * 2);
    const outcome = await sendAndWait(
      port,
      "GET / HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n",
      5_000,
    );
    expect(outcome.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(outcome.received).toMatch(/\r\n\r\nok$/);
  });

  it("closes a kept-alive connection left idle", async () => {
    const port = await listen(SHORT);
    const outcome = await sendAndWait(port, "GET / HTTP/1.1\r\nHost: shop.example\r\n\r\n", 5_000);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 200 /);
    // Node keeps the socket a little past the timeout it announces, for answers in flight.
    const buffer = (server as Server & { keepAliveTimeoutBuffer?: number }).keepAliveTimeoutBuffer;
    expect(outcome.closedAfterMs).toBeLessThanOrEqual(
      SHORT.keepAliveTimeoutMs + (buffer ?? 0) + SLACK_MS,
    );
  });

  it("cuts off a slow client within 10 s as it runs in production", async () => {
    const port = await listen();
    const outcome = await sendAndWait(port, PARTIAL_BODY, 12_000);
    expect(outcome.closedAfterMs).not.toBeNull();
    expect(outcome.closedAfterMs).toBeLessThanOrEqual(10_000);
  }, 15_000);
});
