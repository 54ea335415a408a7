import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import {
  addToCartOverHttp,
  DEMO_CUSTOMERS,
  shopCookies,
  signInOverHttp,
  variantIdsFor,
} from "../tests/support/shopper";

/**
 * `npm run soak` (node --import tsx, for the shopper helpers in tests/support): the production build (run `npm run build` first) under mixed anonymous and
 * signed-in traffic for 5 minutes at 50 connections over loopback (issue 14: 0 errors, RSS growth
 * under 10 % after warm-up). Prints the answers by status, the errors, and the server's RSS after
 * the warm-up and at the end. SOAK_SECONDS, SOAK_CONNECTIONS, SOAK_WARMUP_SECONDS, SOAK_PORT
 * change the load; it is not part of `npm test`.
 */
const PORT = Number(process.env.SOAK_PORT ?? 3791);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 30);
const MAX_RSS_GROWTH = 0.1;

const origin = `http://127.0.0.1:${PORT}`;
const dataDir = `.data/soak-${PORT}`;
rmSync(dataDir, { recursive: true, force: true });
// The server as `npm run serve` runs it: the bundle `npm run build` made.
const server = spawn("node", ["build/server-main.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    LAGOON_DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

async function waitForServer() {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the server did not start within 60 s");
}

const ANONYMOUS_PATHS = [
  "/",
  "/about-us",
  "/news",
  "/news/heat-pumps-explained",
  "/store/collections/pumps",
  "/store/collections/all?sort=price-ascending",
  "/store/products/davey-silensorpro-sls-pool-pump",
  "/search?q=chlorine",
  "/api/predictive-search?q=pump",
  "/testimonials",
  "/training-centre/pool-operations-certificate",
];

/** A demo customer's session and cart, and the pages they read while signed in. */
async function signedInRequests(email, variantId) {
  const jar = await signInOverHttp(origin, email);
  await addToCartOverHttp(origin, jar, variantId);
  const cookie = shopCookies(jar);
  const account = await (await fetch(`${origin}/account`, { headers: { cookie } })).text();
  const order = /\/account\/orders\/(\d+)/.exec(account)?.[0];
  const paths = [
    "/account",
    "/store/collections/pumps",
    "/store/products/davey-silensorpro-sls-pool-pump",
  ];
  if (order) paths.push(order);
  return [
    ...paths.map((path) => ({ method: "GET", path, headers: { cookie } })),
    {
      method: "POST",
      path: "/api/auth/fetchCustomerData",
      headers: { cookie, "content-type": "application/json" },
      body: "{}",
    },
  ];
}

const statusCounts = (result) =>
  Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => /^\d+$/.test(status))
    .map(([status, { count }]) => `${status}×${count}`)
    .join(" ");

const failures = (result) =>
  Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => Number(status) >= 400)
    .reduce((sum, [, { count }]) => sum + count, 0);

try {
  await waitForServer();
  const variantIds = await variantIdsFor(origin, 1);
  const signedIn = (
    await Promise.all(
      Object.values(DEMO_CUSTOMERS).map((email) => signedInRequests(email, variantIds[0] ?? "")),
    )
  ).flat();
  const anonymous = ANONYMOUS_PATHS.map((path) => ({ method: "GET", path }));

  console.log(
    `Soak: ${CONNECTIONS} connections for ${SECONDS} s (half anonymous, half signed in as the four demo customers), loopback, gzip accepted.`,
  );
  const rssAtStart = rssMb();
  let rssAfterWarmUp = 0;
  let rssPeak = 0;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb());
  }, 1_000);
  const warmUp = setTimeout(() => {
    rssAfterWarmUp = rssMb();
    console.log(`RSS after the ${WARMUP_SECONDS} s warm-up: ${rssAfterWarmUp.toFixed(0)} MB`);
  }, WARMUP_SECONDS * 1_000);

  const load = (requests, connections) =>
    autocannon({
      url: origin,
      connections,
      duration: SECONDS,
      timeout: 10,
      headers: { "accept-encoding": "gzip" },
      requests,
    });
  const half = Math.ceil(CONNECTIONS / 2);
  const [anonymousResult, signedInResult] = await Promise.all([
    load(anonymous, half),
    load(signedIn, CONNECTIONS - half),
  ]);
  clearInterval(sampler);
  clearTimeout(warmUp);
  const rssAtEnd = rssMb();

  const growth = rssAfterWarmUp ? (rssAtEnd - rssAfterWarmUp) / rssAfterWarmUp : Number.NaN;
  let failed = false;
  for (const [name, result] of [
    ["anonymous", anonymousResult],
    ["signed in", signedInResult],
  ]) {
    console.log(
      `${name.padEnd(10)} ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; errors ${result.errors}, timeouts ${result.timeouts}, 4xx/5xx ${failures(result)}; ${statusCounts(result)}`,
    );
    failed ||= result.errors > 0 || result.timeouts > 0 || failures(result) > 0;
  }
  console.log(
    `RSS: ${rssAtStart.toFixed(0)} MB at start, ${rssAfterWarmUp.toFixed(0)} MB after warm-up, ${rssAtEnd.toFixed(0)} MB at the end (peak ${rssPeak.toFixed(0)} MB): growth ${(growth * 100).toFixed(1)} % after warm-up`,
  );
  if (!(growth < MAX_RSS_GROWTH)) failed = true;
  // The load generator shares the machine: a busy machine shows up as timeouts, not as faults.
  console.log(
    `Load average at the end: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(", ")}`,
  );
  console.log(failed ? "✖ soak failed" : "✔ soak passed");
  process.exitCode = failed ? 1 : 0;
} finally {
  server.kill("SIGTERM");
}
