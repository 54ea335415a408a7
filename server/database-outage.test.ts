import { once } from "node:events";
import { connect, createServer, type Server, type Socket } from "node:net";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  closeAppBuild,
  type LagoonInstance,
  loadAppBuild,
  startLagoon,
} from "../tests/support/lagoon-server";
import {
  POSTGRES_TEST_URL,
  postgresAvailable,
  requireServiceInCi,
  throwawayPostgresDatabase,
} from "../tests/support/services";
import { DEMO_CUSTOMERS, signInOverHttp } from "../tests/support/shopper";

// The shop on PostgreSQL through a TCP relay the test can cut, as a database outage looks to
// the app (the machine's own PostgreSQL keeps running).

/** Relays connections to PostgreSQL until cut; `restore` relays again on the same port. */
async function databaseRelay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = async () => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    server.listen(port, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as { port: number }).port;
  };
  await open();
  return {
    get port() {
      return port;
    },
    async cut() {
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (closing) await new Promise((resolve) => closing.close(resolve));
    },
    restore: open,
  };
}

const postgres = await postgresAvailable();

describe.runIf(requireServiceInCi(postgres))("PostgreSQL out of reach", () => {
  const database = throwawayPostgresDatabase("lagoon_outage");
  let build: ServerBuild;
  let relay: Awaited<ReturnType<typeof databaseRelay>>;
  let shop: LagoonInstance;
  const logLines: string[] = [];
  beforeAll(async () => {
    build = await loadAppBuild();
    await database.create();
    relay = await databaseRelay(new URL(POSTGRES_TEST_URL));
    const url = new URL(database.url);
    url.host = `127.0.0.1:${relay.port}`;
    shop = await startLagoon({
      build,
      databaseUrl: url.toString(),
      logs: { write: (line: string) => logLines.push(line) },
    });
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await relay?.cut();
    await database.drop();
    await closeAppBuild();
  });

  it("answers 503 with Retry-After where the database is needed, and the rest of the shop works", async () => {
    const { origin } = shop;
    const customer = await signInOverHttp(origin, DEMO_CUSTOMERS.everyday);
    const account = () => fetch(`${origin}/account`, { headers: { cookie: customer.header() } });
    expect((await account()).status).toBe(200);
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);

    await relay.cut();
    const during = await account();
    expect(during.status).toBe(503);
    expect(during.headers.get("retry-after")).toBe("30");
    expect(during.headers.get("cache-control")).toMatch(/no-store/);
    const page = await during.text();
    expect(page).toContain("<title>");
    // The page's reference leads to one log line: the request's, with the error that caused it.
    const reference = page.match(/Reference: <code id="error-reference">([^<]+)</)?.[1] ?? "-";
    const mentions = logLines.filter((line) => line.includes(reference));
    expect(mentions).toHaveLength(1);
    expect(JSON.parse(mentions[0] ?? "{}")).toMatchObject({
      reqId: reference,
      msg: "request errored",
      res: { statusCode: 503 },
      err: { type: expect.any(String) },
    });
    const readiness = await fetch(`${origin}/readyz`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toMatchObject({ status: "unavailable", database: "down" });
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    // Anonymous pages do not need the database.
    for (const path of ["/", "/store/collections/pumps", "/news"]) {
      expect((await fetch(`${origin}${path}`)).status, path).toBe(200);
    }

    await relay.restore();
    await vi.waitFor(async () => expect((await fetch(`${origin}/readyz`)).status).toBe(200), {
      timeout: 10_000,
    });
    expect((await account()).status).toBe(200);
  }, 60_000);
});
