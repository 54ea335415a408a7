import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import type { DestinationStream } from "pino";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll } from "vitest";
import { createApp, requestListener } from "../../server/app";
import { appEntryOf } from "../../server/app-build";
import { openSharedCache, type RawStore } from "../../server/cache";
import { readConfig } from "../../server/config";
import { openDatabase } from "../../server/db";
import { createEmulators, reachingEmulators } from "../../server/emulators";
import { createLogger } from "../../server/logger";
import { createMetrics, createMetricsServer, forgetMetrics } from "../../server/metrics";
import { createPageCache } from "../../server/page-cache";
import type { ServerStores } from "../../server/stores";
import { listenOnLoopback } from "./loopback";

/**
 * The whole shop for integration tests over HTTP: the real server (createApp, the page cache,
 * the emulators) in front of the app's routes, compiled by Vite from the sources, so no
 * production build is needed. Each call is one app instance with its own stores, as one process
 * of a shop would be; instances given the same Redis URL and key prefix share the cache.
 */

let vite: ViteDevServer | undefined;

/**
 * The app's server build. `npm test` builds the app for production first and names the build in
 * LAGOON_TEST_APP_BUILD, so each test file imports it in a moment; run alone, a test file has
 * Vite compile the app from the sources (20–30 s), so that it always tests the code as it is.
 */
export async function loadAppBuild(): Promise<ServerBuild> {
  const prebuilt = process.env.LAGOON_TEST_APP_BUILD;
  if (prebuilt) return (await import(pathToFileURL(path.resolve(prebuilt)).href)) as ServerBuild;
  vite ??= await createViteServer({
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "silent",
  });
  return (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
}

export async function closeAppBuild(): Promise<void> {
  await vite?.close();
  vite = undefined;
}

/**
 * A shopper on another machine, for tests of what the shop answers from elsewhere: connections
 * made from `connectFrom` (a loopback address of its own; `new Agent({ localAddress })`) reach
 * the shop as if from `seenAs`. The peer address is all that differs: no header is involved.
 */
export const ANOTHER_MACHINE = { connectFrom: "127.0.0.2", seenAs: "198.51.100.7" } as const;

function standInForAnotherMachine(socket: Socket): void {
  if (socket.remoteAddress !== ANOTHER_MACHINE.connectFrom) return;
  Object.defineProperty(socket, "remoteAddress", { value: ANOTHER_MACHINE.seenAs });
}

export interface LagoonInstance {
  origin: string;
  stores: ServerStores;
  /** The stored pages' own store, as the page cache holds it. */
  pageStore: RawStore;
  /** The metrics listener's origin, when `env` set METRICS_PORT (0: any free port). */
  metricsOrigin?: string;
  close(): Promise<void>;
}

const SHARED_REDIS_PATIENCE_MS = 15_000;

export async function startLagoon({
  build,
  env = {},
  redis,
  databaseUrl,
  mail = false,
  logs,
}: {
  build: ServerBuild;
  /** Where the instance's log lines go, at `info`; none are written without it. */
  logs?: DestinationStream;
  env?: Record<string, string>;
  redis?: { url: string; keyPrefix: string };
  /** PostgreSQL instead of an embedded PGlite. */
  databaseUrl?: string;
  /** Runs the outbox worker, as the server does, so mail reaches the mail emulator. */
  mail?: boolean;
}): Promise<LagoonInstance> {
  const outer = express();
  const server = await listenOnLoopback(outer);
  const { origin } = server;
  const dataDir = mkdtempSync(path.join(tmpdir(), "lagoon-instance-"));
  const config = readConfig({
    NODE_ENV: "production",
    PORT: new URL(origin).port,
    HOST: "127.0.0.1",
    LAGOON_PUBLIC_URL: origin,
    LAGOON_DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ...env,
  });
  const logger = logs ? createLogger("info", logs) : createLogger("silent");
  const database = await openDatabase({
    databaseUrl,
    dataDir: path.join(dataDir, "pglite"),
    connectTimeoutMs: 1_000,
    logger,
  });
  const { cache, pageStore, isUp } = openSharedCache({
    redisUrl: redis?.url,
    keyPrefix: redis?.keyPrefix,
    logger,
    // Instances here share one test process, whose event loop a busy machine may stall for a
    // second: that is no Redis outage, and these tests are about what the instances share.
    redisTimeouts: { connectMs: SHARED_REDIS_PATIENCE_MS, commandMs: SHARED_REDIS_PATIENCE_MS },
  });
  // As a load balancer would wait for /readyz: the instance starts on Redis, not beside it.
  const connecting = Date.now() + SHARED_REDIS_PATIENCE_MS;
  while (!isUp()) {
    if (Date.now() > connecting) throw new Error(`Redis at ${redis?.url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const emulators = await createEmulators(config, {
    database: database.db,
    signIn: appEntryOf(build).oidcSettings(config),
    testControls: true,
  });
  const stores: ServerStores = {
    config: reachingEmulators(config, emulators),
    logger,
    cache,
    database,
    pages: createPageCache({ store: pageStore, logger }),
  };
  const metrics = config.metrics ? createMetrics({ database }) : undefined;
  let metricsServer: Server | undefined;
  let metricsOrigin: string | undefined;
  if (metrics && config.metrics) {
    metricsServer = createMetricsServer(metrics);
    const { port, host } = config.metrics;
    await new Promise<void>((resolve) => metricsServer?.listen(port, host, resolve));
    const address = metricsServer.address() as { port: number };
    metricsOrigin = `http://${host}:${address.port}`;
  }
  const app = createApp({
    stores,
    build,
    clientDir: path.join(dataDir, "no-client-build"),
    emulators: emulators.router,
    testControls: true,
    metrics,
  });
  // As the server's listener would: the page cache first, then the app.
  const listener = requestListener(app);
  outer.use((req, res) => {
    standInForAnotherMachine(req.socket);
    listener(req, res);
  });
  const delivery = mail ? appEntryOf(build).startMailDelivery(stores) : null;
  return {
    origin,
    stores,
    pageStore,
    metricsOrigin,
    async close() {
      await delivery?.stop();
      if (metrics) forgetMetrics(metrics);
      await new Promise((resolve) =>
        metricsServer ? metricsServer.close(resolve) : resolve(null),
      );
      await server.close();
      await emulators.close();
      await Promise.allSettled([cache.close(), database.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The whole shop for one test file: the app's build loaded and one instance started before the
 * file's tests, both closed after. Its properties read the running instance.
 */
export function lagoonForFile(
  options: Omit<Parameters<typeof startLagoon>[0], "build"> = {},
): LagoonInstance {
  let shop: LagoonInstance | undefined;
  beforeAll(async () => {
    shop = await startLagoon({ build: await loadAppBuild(), ...options });
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await closeAppBuild();
  });
  const running = () => {
    if (!shop) throw new Error("The shop for this file has not started");
    return shop;
  };
  return {
    get origin() {
      return running().origin;
    },
    get stores() {
      return running().stores;
    },
    get pageStore() {
      return running().pageStore;
    },
    get metricsOrigin() {
      return running().metricsOrigin;
    },
    close: () => running().close(),
  };
}
