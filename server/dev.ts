import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { createApp, requestListener } from "./app";
import { appEntryOf } from "./app-build";
import { readConfig, testControlsEnabled } from "./config";
import { createEmulators, reachingEmulators } from "./emulators";
import { createHttpServer } from "./http-server";
import { createLogger } from "./logger";
import { openStores } from "./stores";

// `npm run dev`: the same server, with Vite's middleware serving sources and hot updates.
const config = readConfig({ NODE_ENV: "development", LOG_LEVEL: "warn", ...process.env });
const logger = createLogger(config.logLevel);
const vite = await createViteServer({ server: { middlewareMode: true } });
const loadBuild = () =>
  vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
const opened = await openStores(config, logger);
const emulators = await createEmulators(config, {
  database: opened.database.db,
  signIn: appEntryOf(await loadBuild()).oidcSettings(config),
  testControls: testControlsEnabled(),
  logger,
});
const stores = { ...opened, config: reachingEmulators(opened.config, emulators) };
const app = createApp({
  stores,
  emulators: emulators.router,
  viteMiddleware: vite.middlewares,
  build: loadBuild,
});
createHttpServer(requestListener(app)).listen(config.port, config.host, async () => {
  console.warn(`Lagoon (development) on ${config.publicUrl}`);
  // The mail outbox is delivered by the first build's entry for the life of the dev server.
  appEntryOf(await loadBuild()).startMailDelivery(stores);
});
