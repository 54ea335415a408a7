import { createServer } from "node:http";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { createApp } from "./app";
import { readConfig } from "./config";
import { createEmulators } from "./emulators";
import { createLogger } from "./logger";
import { createServices } from "./services";

// `npm run dev`: the same server, with Vite's middleware serving sources and hot updates.
const config = readConfig({ NODE_ENV: "development", LOG_LEVEL: "warn", ...process.env });
const logger = createLogger(config.logLevel);
const vite = await createViteServer({ server: { middlewareMode: true } });
const services = await createServices(config, logger);
const emulators = await createEmulators(config, { database: services.database.db });
const app = createApp({
  services,
  emulators: emulators.router,
  viteMiddleware: vite.middlewares,
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
});
createServer(app).listen(config.port, config.host, () => {
  console.warn(`Lagoon (development) on ${config.publicUrl}`);
});
