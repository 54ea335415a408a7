import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import autocannon from "autocannon";

/**
 * `npm run bench`: server rendering under load. Starts the production build (run `npm run build`
 * first) on its own port and data directory, warms each page, then loads it for a fixed time with
 * a fixed number of connections over loopback and prints requests per second and latency.
 * Figures are for comparing changes on one machine, not absolute: the load generator shares it.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PAGES = [
  ["home", "/"],
  ["content page", "/about-us"],
  ["collection", "/store/collections/pumps"],
  ["product", "/store/products/davey-silensorpro-sls-pool-pump"],
  ["search", "/search?q=chlorine"],
  ["health check", "/healthz"],
];

const origin = `http://127.0.0.1:${PORT}`;
const dataDir = `.data/bench-${PORT}`;
rmSync(dataDir, { recursive: true, force: true });
const server = spawn("node", ["--import", "tsx", "server/main.ts"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    LAGOON_DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

async function waitForServer() {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the server did not start within 60 s");
}

try {
  await waitForServer();
  console.log(
    `Load: ${CONNECTIONS} connections for ${DURATION} s per page, loopback, gzip accepted.\n`,
  );
  console.log(
    `${"page".padEnd(14)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"non-2xx".padStart(8)}`,
  );
  for (const [name, path] of PAGES) {
    const warm = await fetch(`${origin}${path}`);
    if (!warm.ok) throw new Error(`${path} answered ${warm.status}`);
    const result = await autocannon({
      url: `${origin}${path}`,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { "accept-encoding": "gzip" },
    });
    console.log(
      `${name.padEnd(14)} ${String(Math.round(result.requests.average)).padStart(8)} ${String(result.latency.p50).padStart(8)} ${String(result.latency.p99).padStart(8)} ${String(result.non2xx).padStart(8)}`,
    );
  }
} finally {
  server.kill("SIGTERM");
}
