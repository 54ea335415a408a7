import { AsyncLocalStorage } from "node:async_hooks";
import { createServer, type Server } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createRequestTurns, inTurns } from "./request-turns";

// Requests take turns, one per event-loop iteration (decision 014).

describe("createRequestTurns", () => {
  it("hands over turns in the order they came, each in an iteration of its own", async () => {
    const takeTurn = createRequestTurns();
    const seen: string[] = [];
    await new Promise<void>((done) => {
      takeTurn(() => {
        seen.push("first");
        // Scheduled now, in the check phase, this runs in the next iteration: after the turn that
        // was already waiting, before the one that comes later.
        setImmediate(() => seen.push("the loop's own"));
      });
      takeTurn(() => seen.push("second"));
      takeTurn(() => {
        seen.push("third");
        done();
      });
    });
    expect(seen).toEqual(["first", "second", "the loop's own", "third"]);
  });

  it("takes thousands of turns queued while others run, each once and in order", async () => {
    const takeTurn = createRequestTurns();
    const taken: number[] = [];
    let queued = 0;
    await new Promise<void>((done) => {
      // Each turn queues the next two until 5000 are queued: the queue never empties meanwhile.
      const turn = (number: number) => () => {
        taken.push(number);
        for (let more = 0; more < 2 && queued < 5000; more += 1) {
          queued += 1;
          takeTurn(turn(queued));
        }
        if (taken.length === 5000) done();
      };
      queued = 1;
      takeTurn(turn(1));
    });
    expect(taken).toEqual(Array.from({ length: 5000 }, (_, index) => index + 1));
  });

  it("runs each turn in the async context it was queued in", async () => {
    const takeTurn = createRequestTurns();
    const context = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    await new Promise<void>((done) => {
      context.run("first request", () => takeTurn(() => seen.push(context.getStore())));
      context.run("second request", () =>
        takeTurn(() => {
          seen.push(context.getStore());
          done();
        }),
      );
    });
    expect(seen).toEqual(["first request", "second request"]);
  });

  it("goes on after a turn that throws", async () => {
    const takeTurn = createRequestTurns();
    const failed = new Promise<unknown>((resolve) => process.once("uncaughtException", resolve));
    const after = new Promise<string>((resolve) => {
      takeTurn(() => {
        throw new Error("a broken handler");
      });
      takeTurn(() => resolve("answered"));
    });
    await expect(failed).resolves.toMatchObject({ message: "a broken handler" });
    await expect(after).resolves.toBe("answered");
  });
});

/** A connection that sends a GET, and the next one as soon as an answer has come. */
function keepAsking(port: number, onAnswer: () => void): Socket {
  const socket = connect(port, "127.0.0.1");
  const ask = () => socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk.toString();
    for (let end = received.indexOf("ok"); end >= 0; end = received.indexOf("ok")) {
      received = received.slice(end + 2);
      onAnswer();
      if (!socket.destroyed) ask();
    }
  });
  socket.on("connect", ask);
  return socket;
}

/** A connection that sends one GET; resolves once its answer has come. */
function askOnce(port: number, sockets: Socket[]): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () =>
      socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"),
    );
    sockets.push(socket);
    socket.on("data", (chunk) => {
      if (chunk.toString().includes("ok")) resolve();
    });
  });
}

describe("inTurns", () => {
  it("does not hand over a request whose client has gone while it waited", async () => {
    const handed: string[] = [];
    const listener = inTurns((req) => handed.push(req.url ?? ""));
    const request = (url: string, destroyed: boolean) =>
      ({ url, socket: { destroyed } }) as unknown as Parameters<typeof listener>[0];
    const response = {} as Parameters<typeof listener>[1];
    listener(request("/gone", true), response);
    listener(request("/here", false), response);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(handed).toEqual(["/here"]);
  });
});

describe("a server whose app takes turns, under load", () => {
  let server: Server | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("answers connections opened at a busy moment in their turn, not after the busy ones", async () => {
    // Each request is answered from memory, in the callback that read it, after 3 ms of work (as
    // the home page is).
    const answerFromMemory = (_req: unknown, res: { end(body: string): void }) => {
      const until = performance.now() + 3;
      while (performance.now() < until);
      res.end("ok");
    };
    server = createServer(inTurns(answerFromMemory));
    const listening = server;
    await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
    const { port } = listening.address() as AddressInfo;

    // Eight connections keep the server busy.
    let busyAnswers = 0;
    let warm: () => void = () => {};
    const warmedUp = new Promise<void>((resolve) => {
      warm = resolve;
    });
    for (let connection = 0; connection < 8; connection += 1) {
      sockets.push(
        keepAsking(port, () => {
          busyAnswers += 1;
          if (busyAnswers === 40) warm();
        }),
      );
    }
    await warmedUp;

    // Sixteen more open at once, each asking for one page.
    const before = busyAnswers;
    await Promise.all(Array.from({ length: 16 }, () => askOnce(port, sockets)));
    // In turn, the sixteen wait for about the requests ahead of them: the busy connections got 20
    // answers meanwhile. Without turns the server accepted one of the sixteen per iteration, and
    // each iteration answered the busy connections that were ready (here, where they share the
    // server's loop, about half of them): 72.
    expect(busyAnswers - before).toBeLessThan(40);
  });
});
