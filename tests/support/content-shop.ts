import { fileURLToPath } from "node:url";
import express, { type Express } from "express";
import { createContentClient } from "../../app/lib/content/client.server";
import { type ContentFault, createContentEmulator } from "../../emulators/content";
import { listenOnLoopback } from "./loopback";
import { createLogger, createMemoryCache, readConfig } from "./server-parts";

const CONTENT_DIR = fileURLToPath(new URL("../../content", import.meta.url));

/**
 * The content emulator over the demo content on a real port, and the services a loader reaches
 * with it. `observe` sees every request first (e.g. to count searches).
 */
export async function startContentShop({
  faults,
  timeoutMs,
  observe,
}: {
  faults?: ContentFault[];
  timeoutMs?: number;
  observe?: (app: Express) => void;
} = {}) {
  const app = express();
  observe?.(app);
  const server = await listenOnLoopback(app);
  const { origin } = server;
  app.use(
    "/_emulators/content",
    createContentEmulator({ contentDir: CONTENT_DIR, publicOrigin: origin, faults }),
  );
  const services = {
    config: readConfig({ NODE_ENV: "test", LAGOON_PUBLIC_URL: origin }),
    logger: createLogger("silent"),
    cache: createMemoryCache(),
    content: createContentClient({
      repositoryName: "lagoon-demo",
      documentAPIEndpoint: `${origin}/_emulators/content/api/v2`,
      timeoutMs,
    }),
  };
  return { origin, services, close: server.close };
}
