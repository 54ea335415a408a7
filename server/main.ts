import path from "node:path";
import { fileURLToPath } from "node:url";
import { createApp, requestListener } from "./app";
import { appEntryOf, importBuild } from "./app-build";
import { ConfigError, readConfig, testControlsEnabled } from "./config";
import { drainConnections } from "./connection-drain";
import { createEmulators, reachingEmulators } from "./emulators";
import { createHttpServer } from "./http-server";
import { createLogger } from "./logger";
import { createMetrics, createMetricsServer } from "./metrics";
import { closeStores, openStores } from "./stores";

// The checkout's root, from this file (or from the bundle of it, scripts/build-server.mjs).
const root = fileURLToPath(new URL("../", import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`lagoon: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const buildDir = path.resolve(root, process.env.LAGOON_BUILD_DIR ?? "build");
  const build = await importBuild(buildDir);
  const opened = await openStores(config, logger, build.assets.version);
  const emulators = await createEmulators(config, {
    database: opened.database.db,
    signIn: appEntryOf(build).oidcSettings(config),
    testControls: testControlsEnabled(),
    logger: opened.logger,
  });
  const stores = { ...opened, config: reachingEmulators(opened.config, emulators) };

  // METRICS_PORT: the metrics on a listener of their own, never the public one (docs/operations.md).
  const metrics = config.metrics ? createMetrics({ database: stores.database }) : undefined;
  const metricsServer = metrics ? createMetricsServer(metrics) : undefined;

  let accepting = true;
  const app = createApp({
    stores,
    build,
    clientDir: path.join(buildDir, "client"),
    emulators: emulators.router,
    ready: () => accepting,
    testControls: testControlsEnabled(),
    metrics,
    missBudget: config.missBudget,
  });
  const server = createHttpServer(requestListener(app));
  const connections = drainConnections(server);

  if (metricsServer && config.metrics) {
    const { port, host } = config.metrics;
    metricsServer.listen(port, host, () => {
      logger.info({ metrics: `http://${host}:${port}/metrics` }, "Metrics are served");
    });
  }

  let mail: { stop(): Promise<void> } | undefined;
  server.listen(config.port, config.host, () => {
    // Mail may go to the mail emulator on this very server: start once it listens.
    mail = appEntryOf(build).startMailDelivery(stores);
    logger.info(
      {
        url: config.publicUrl,
        storefront: config.storefront.mode,
        customerAccount: config.customerAccount.mode,
        content: config.content.mode,
        database: stores.database.engine,
      },
      `Lagoon is serving on ${config.publicUrl}`,
    );
  });

  // SIGTERM: stop taking connections, let requests in flight finish, close the stores, exit.
  const shutdown = (signal: string) => {
    if (!accepting) return;
    accepting = false;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.warn("requests still open after the grace period; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    metricsServer?.close();
    connections.close(async () => {
      await mail?.stop();
      await emulators.close();
      await closeStores(stores);
      logger.info("stopped");
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
