import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express, { type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { createApp, requestListener } from "../../server/app";
import { appEntryOf, importBuild } from "../../server/app-build";
import { openSharedCache } from "../../server/cache";
import { readConfig } from "../../server/config";
import { openDatabase } from "../../server/db";
import { createEmulators, reachingEmulators } from "../../server/emulators";
import { createHttpServer } from "../../server/http-server";
import { createLogger } from "../../server/logger";
import { createPageCache } from "../../server/page-cache";
import { closeStores, type ServerStores } from "../../server/stores";

/**
 * The whole shop as `npm run serve` runs it for the test suites (the production build, the server,
 * the emulators on the same port, the outbox, LAGOON_TEST_CONTROLS=1), in the test's process on a
 * free loopback port. For the suites that talk HTTP to the real thing: they run after
 * `npm run build` (see scripts/test.mjs).
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const buildDir = path.resolve(root, process.env.LAGOON_BUILD_DIR ?? "build");

let build: Promise<ServerBuild> | undefined;
const loadBuild = () => {
  build ??= importBuild(buildDir).catch((error: unknown) => {
    throw new Error(`No production build in ${buildDir}: run \`npm run build\` first.`, {
      cause: error,
    });
  });
  return build;
};

export interface BuiltShopOptions {
  /** Environment variables on top of the defaults, e.g. LAGOON_EMULATOR_FAULTS. */
  env?: Record<string, string>;
  /**
   * Runs before the emulators see a request, e.g. to hold the identity provider's token call. The
   * storefront emulator then answers on the server's own thread, where this sees the app's calls.
   */
  beforeEmulators?: RequestHandler;
}

export interface BuiltShop {
  origin: string;
  close(): Promise<void>;
}

export async function startBuiltShop({
  env = {},
  beforeEmulators,
}: BuiltShopOptions = {}): Promise<BuiltShop> {
  if (process.env.NODE_ENV !== "production") {
    throw new Error("The built shop runs with NODE_ENV=production (see vitest.http.config.ts).");
  }
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const current = await loadBuild();
  const config = readConfig({
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    LAGOON_PUBLIC_URL: origin,
    LOG_LEVEL: "silent",
    ...env,
  });
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ dataDir: "memory://" });
  // The stores main.ts opens, the full-page cache in front included, on an in-memory database.
  const { cache, pageStore } = openSharedCache({ logger });
  const pages = createPageCache({ store: pageStore, logger, build: current.assets.version });
  const emulators = await createEmulators(config, {
    database: database.db,
    signIn: appEntryOf(current).oidcSettings(config),
    testControls: true,
    // Middleware in front of the emulators sees the app's storefront calls only on this thread.
    storefrontThread: !beforeEmulators,
  });
  const stores: ServerStores = {
    config: reachingEmulators(config, emulators),
    logger,
    cache,
    database,
    pages,
  };
  const emulatorRouter = express.Router();
  if (beforeEmulators) emulatorRouter.use(beforeEmulators);
  emulatorRouter.use(emulators.router);

  let accepting = true;
  const app = createApp({
    stores,
    build: current,
    clientDir: path.join(buildDir, "client"),
    emulators: emulatorRouter,
    ready: () => accepting,
    missBudget: config.missBudget,
    // As the emulators' above: the page cache honours its bypass header.
    testControls: true,
  });
  server.on("request", requestListener(app));
  const mail = appEntryOf(current).startMailDelivery(stores);

  return {
    origin,
    async close() {
      accepting = false;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await mail.stop();
      await emulators.close();
      await closeStores(stores);
    },
  };
}
