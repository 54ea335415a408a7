import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { CookieJar, signInAtEmulator } from "../tests/support/customer-account-emulator.ts";
import { measureFirstLoad } from "./first-load.mjs";

/**
 * `npm run bench` (after `npm run build`): in one run, on the production build over loopback,
 * requests per second, p50 and p99 for the home page, a collection and a product —
 * anonymous from the page cache, anonymous rendered (the cache bypassed with the test-controls
 * header), and signed in with a cart — next to (a) a plain node:http server sending the very
 * bytes Lagoon sent, and (b) React Router's own server rendering the one-route app in
 * bench/fixture; each as a ratio. Then first-load JavaScript per route (gzip and brotli), the
 * server's RSS before and after, and one JSON line of it all. The load generator shares the
 * machine: compare ratios from one run, not figures across machines.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const PLAIN_PORT = PORT + 1;
const ROUTER_PORT = PORT + 2;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
// Each server gets this long under the same load first, unmeasured: a cold JIT made the first
// runs (React Router's one-route page above all) read at half speed; 2 s was not enough for it.
const WARM_UP = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ACCEPT_ENCODING = "br, gzip";
const PAGES = [
  { name: "home", path: "/", route: "routes/home" },
  { name: "collection", path: "/store/collections/pumps", route: "routes/collection" },
  {
    name: "product",
    path: "/store/products/davey-silensorpro-sls-pool-pump",
    route: "routes/product",
  },
];
const CART_VARIANT = "gid://shopify/ProductVariant/47100001";
const CUSTOMER_EMAIL = "olivia.bennett@example.com";

const origin = `http://127.0.0.1:${PORT}`;
const dataDir = `.data/bench-${PORT}`;
const scratch = mkdtempSync(path.join(tmpdir(), "lagoon-bench-"));
const children = [];

function start(args, env = {}) {
  const child = spawn("node", args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.push(child);
  return child;
}

async function waitFor(url) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      const answer = await fetch(url);
      await answer.body?.cancel();
      if (answer.status < 500) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

/** Resident set size of a process, in MiB (Linux). */
function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** A shopper signed in at the customer-account emulator, with one product in the cart. */
async function signedInWithCart() {
  const jar = new CookieJar();
  const login = await fetch(`${origin}/account/login?returnTo=/`, { redirect: "manual" });
  jar.store(login);
  const callback = await signInAtEmulator(
    new URL(login.headers.get("location") ?? ""),
    CUSTOMER_EMAIL,
    jar,
  );
  const signedIn = await fetch(callback, { headers: { cookie: jar.header() }, redirect: "manual" });
  jar.store(signedIn);
  const added = await fetch(`${origin}/api/cart`, {
    method: "POST",
    headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "add", merchandiseId: CART_VARIANT, quantity: "1" }),
    redirect: "manual",
  });
  jar.store(added);
  const page = await (await fetch(`${origin}/`, { headers: { cookie: jar.header() } })).text();
  if (!page.includes("Open cart, 1 item") || !page.includes("<span>My Account</span>")) {
    throw new Error("could not sign in and add to the cart");
  }
  return jar.header();
}

async function load(url, headers, expectCache) {
  const check = await fetch(url, { headers });
  await check.body?.cancel();
  const cache = check.headers.get("x-lagoon-cache");
  if (!check.ok || (expectCache && cache !== expectCache)) {
    throw new Error(`${url} answered ${check.status} ${cache ?? ""}, expected ${expectCache}`);
  }
  if (WARM_UP > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** The bytes as sent (fetch would decompress them). */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (answer) => {
      const chunks = [];
      answer.on("data", (chunk) => chunks.push(chunk));
      answer.on("end", () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
      answer.on("error", reject);
    }).on("error", reject);
  });
}

const ratio = (a, b) => Math.round((a / b) * 1000) / 1000;

try {
  const fixture = spawnSync("npx", ["react-router", "build"], {
    cwd: "bench/fixture",
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (fixture.status !== 0) throw new Error("the bench fixture did not build");
  rmSync(dataDir, { recursive: true, force: true });
  const lagoon = start(["--import", "tsx", "server/main.ts"], {
    NODE_ENV: "production",
    PORT: String(PORT),
    LAGOON_DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // The page cache's bypass header, for the rendered figures (never set in production).
    LAGOON_TEST_CONTROLS: "1",
  });
  await waitFor(`${origin}/healthz`);
  const rssBefore = rssMiB(lagoon.pid);
  const cookie = await signedInWithCart();

  // What Lagoon sends anonymous visitors, for the plain server to send as it is.
  const plainPages = {};
  for (const page of PAGES) {
    await (await fetch(`${origin}${page.path}`)).body?.cancel();
    const stored = await rawGet(`${origin}${page.path}`, { "accept-encoding": ACCEPT_ENCODING });
    const file = path.join(scratch, `${page.name}.body`);
    writeFileSync(file, stored.body);
    plainPages[page.path] = {
      file,
      headers: {
        "content-type": stored.headers["content-type"],
        "content-encoding": stored.headers["content-encoding"] ?? "identity",
      },
    };
  }
  const pagesFile = path.join(scratch, "pages.json");
  writeFileSync(pagesFile, JSON.stringify(plainPages));
  start(["bench/plain-server.mjs", String(PLAIN_PORT), pagesFile]);
  start(["bench/react-router-server.mjs", String(ROUTER_PORT)]);
  await waitFor(`http://127.0.0.1:${PLAIN_PORT}/`);
  await waitFor(`http://127.0.0.1:${ROUTER_PORT}/`);

  console.log(
    `Load: ${CONNECTIONS} connections for ${DURATION} s per run, loopback, Accept-Encoding: ${ACCEPT_ENCODING}.`,
  );
  const accept = { "accept-encoding": ACCEPT_ENCODING };
  const router = await load(`http://127.0.0.1:${ROUTER_PORT}/`, accept);
  const figures = { reactRouterOneRoute: router, pages: {} };
  const rows = [["React Router, one route", router, "", ""]];
  for (const page of PAGES) {
    const url = `${origin}${page.path}`;
    const plain = await load(`http://127.0.0.1:${PLAIN_PORT}${page.path}`, accept);
    const cached = await load(url, accept, "HIT");
    const uncached = await load(url, { ...accept, "x-lagoon-cache-bypass": "1" }, "BYPASS");
    const signedIn = await load(url, { ...accept, cookie }, "BYPASS");
    figures.pages[page.name] = {
      plain,
      cached: { ...cached, ratioToPlain: ratio(cached.rps, plain.rps) },
      uncached: { ...uncached, ratioToReactRouter: ratio(uncached.rps, router.rps) },
      signedInWithCart: { ...signedIn, ratioToReactRouter: ratio(signedIn.rps, router.rps) },
    };
    rows.push(
      [`${page.name}: plain node:http`, plain, "", ""],
      [`${page.name}: anonymous, cached`, cached, ratio(cached.rps, plain.rps), ""],
      [`${page.name}: anonymous, rendered`, uncached, "", ratio(uncached.rps, router.rps)],
      [`${page.name}: signed in, cart`, signedIn, "", ratio(signedIn.rps, router.rps)],
    );
  }
  console.log(
    `\n${"run".padEnd(34)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"errors".padStart(7)} ${"×plain".padStart(7)} ${"×RR".padStart(7)}`,
  );
  for (const [name, run, toPlain, toRouter] of rows) {
    console.log(
      `${name.padEnd(34)} ${String(run.rps).padStart(7)} ${String(run.p50).padStart(7)} ${String(run.p99).padStart(7)} ${String(run.errors).padStart(7)} ${String(toPlain).padStart(7)} ${String(toRouter).padStart(7)}`,
    );
  }

  const measured = measureFirstLoad(
    path.resolve(process.env.LAGOON_BUILD_DIR ?? "build", "client"),
  );
  figures.firstLoadJs = {};
  console.log(
    `\nFirst-load JavaScript (KiB)   ${"gzip".padStart(7)} ${"brotli".padStart(7)} ${"own gzip".padStart(9)}`,
  );
  for (const page of PAGES) {
    const route = measured?.routes.find((row) => row.id === page.route);
    if (!route) continue;
    const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;
    figures.firstLoadJs[page.name] = {
      gzipKiB: kib(route.total),
      brotliKiB: kib(route.brotli),
      ownGzipKiB: kib(route.app),
    };
    console.log(
      `${page.name.padEnd(29)} ${String(kib(route.total)).padStart(7)} ${String(kib(route.brotli)).padStart(7)} ${String(kib(route.app)).padStart(9)}`,
    );
  }
  figures.rssMiB = { before: rssBefore, after: rssMiB(lagoon.pid) };
  console.log(
    `\nLagoon RSS: ${figures.rssMiB.before} MiB after start, ${figures.rssMiB.after} MiB after the runs.`,
  );
  console.log(JSON.stringify({ connections: CONNECTIONS, seconds: DURATION, ...figures }));
} finally {
  for (const child of children) child.kill("SIGTERM");
  rmSync(scratch, { recursive: true, force: true });
}
