import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestListener } from "@react-router/node";

/**
 * The bench's baseline for rendering: React Router's own request listener on node:http, serving
 * the one-route fixture app in bench/fixture (built by scripts/bench.mjs). Usage: <port>.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const build = await import(pathToFileURL(path.join(here, "fixture/build/server/index.js")).href);
createServer(createRequestListener({ build, mode: "production" })).listen(
  Number(process.argv[2]),
  "127.0.0.1",
);
