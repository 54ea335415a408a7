import { Agent, type RequestListener, request, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type ConnectionDrain, drainConnections } from "./connection-drain";
import { createHttpServer } from "./http-server";

// A deploy stops an instance (SIGTERM, server/main.ts) while it answers: every answer under way
// arrives whole, and the server then closes. The rolling deploy behind nginx once saw a page cut
// off mid-body ("aborted"): Node's close() had destroyed a connection whose answer was ended but
// still queued on its socket.

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  if (server?.listening) await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** The shop's own HTTP server (its timeouts), draining as server/main.ts makes it. */
async function listen(handler: RequestListener): Promise<{ port: number; drain: ConnectionDrain }> {
  server = createHttpServer(handler);
  const drain = drainConnections(server);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, drain };
}

const closed = (drain: ConnectionDrain) => new Promise<void>((resolve) => drain.close(resolve));

describe("closing the server for a deploy", () => {
  it("delivers an answer whole that was still being written when the server closed, and takes no new request meanwhile", async () => {
    // More than the kernel's buffers hold: most of it waits on the server's socket.
    const bodyBytes = 32 * 1024 * 1024;
    let ended!: () => void;
    const answerEnded = new Promise<void>((resolve) => {
      ended = resolve;
    });
    const { port, drain } = await listen((_req, res) => {
      res.writeHead(200, { "Content-Length": bodyBytes });
      res.end(Buffer.alloc(bodyBytes, 97));
      ended();
    });
    const client = connect(port, "127.0.0.1");
    client.write("GET / HTTP/1.1\r\nHost: shop\r\n\r\n");
    // A reader slower than the server: nothing is read until the server is closing.
    client.pause();
    await answerEnded;
    const serverClosed = closed(drain);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Still listening while that answer is written out, the server takes no new request.
    const late = await new Promise<string>((resolve) => {
      const other = connect(port, "127.0.0.1");
      let bytes = 0;
      other.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      other.on("error", () => {});
      other.on("close", () => resolve(bytes === 0 ? "closed unanswered" : "answered"));
      other.write("GET / HTTP/1.1\r\nHost: shop\r\n\r\n");
    });
    expect(late).toBe("closed unanswered");

    const chunks: Buffer[] = [];
    client.on("data", (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => client.on("close", resolve).resume());
    const received = Buffer.concat(chunks);
    const headEnd = received.indexOf("\r\n\r\n");
    expect(received.subarray(0, 15).toString()).toBe("HTTP/1.1 200 OK");
    expect(received.length - (headEnd + 4)).toBe(bodyBytes);
    await serverClosed;
  });

  it("answers a request under way, then closes its kept-alive connection", async () => {
    const { port, drain } = await listen((_req, res) => {
      setTimeout(() => res.end("late answer"), 200);
    });
    const agent = new Agent({ keepAlive: true });
    let serverClosed: Promise<void> | undefined;
    const answer = await new Promise<{ body: string; connectionClosed: Promise<unknown> }>(
      (resolve, reject) => {
        const sent = request({ port, host: "127.0.0.1", agent }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => {
            body += chunk;
          });
          res.on("end", () =>
            resolve({
              body,
              connectionClosed: new Promise((done) => sent.socket?.once("close", done)),
            }),
          );
        });
        sent.on("error", reject);
        // The server starts closing while the answer is being prepared.
        sent.on("socket", () =>
          setTimeout(() => {
            serverClosed = closed(drain);
          }, 50),
        );
        sent.end();
      },
    );
    expect(answer.body).toBe("late answer");
    await answer.connectionClosed;
    await serverClosed;
    agent.destroy();
  });

  it("closes idle kept-alive connections at once and takes no new ones", async () => {
    const { port, drain } = await listen((_req, res) => res.end("ok"));
    const agent = new Agent({ keepAlive: true });
    // Wrapped: a promise resolved with a promise would wait for it.
    const { socketClosed } = await new Promise<{ socketClosed: Promise<unknown> }>(
      (resolve, reject) => {
        const sent = request({ port, host: "127.0.0.1", agent }, (res) => {
          res.resume();
          res.on("end", () =>
            resolve({ socketClosed: new Promise((done) => sent.socket?.once("close", done)) }),
          );
        });
        sent.on("error", reject);
        sent.end();
      },
    );
    await closed(drain);
    await socketClosed;
    const refused = await new Promise<string>((resolve) => {
      const client = connect(port, "127.0.0.1");
      client.on("connect", () => resolve("connected"));
      client.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
    agent.destroy();
  });
});
