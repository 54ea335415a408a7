import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { CookieJar, signInAtEmulator } from "../tests/support/customer-account-emulator.ts";
import { measureFirstLoad } from "./first-load.mjs";
import { median } from "./median.mjs";

/**
 * `npm run bench` (after `npm run build`): in one run, on the production build over loopback,
 * requests per second, p50 and p99 for the home page, a collection and a product —
 * anonymous from the page cache, anonymous rendered (the cache bypassed with the test-controls
 * header), and signed in with a cart — next to (a) a plain node:http server sending the very
 * bytes Lagoon sent, and (b) React Router's own server rendering the one-route app in
 * bench/fixture, measured right before each page's rendered runs; each as a ratio (the median of
 * the ratios within each of BENCH_ROUNDS rounds, default 3). With BENCH_BEFORE (the folder of
 * another built checkout, e.g. Lagoon before issue 13), that build's anonymous pages too, and the
 * signed-in pages against them. Then first-load JavaScript per route (gzip and brotli), the
 * server's RSS before and after, and one JSON line of it all. The load generator shares the
 * machine: compare ratios from one run, not figures across machines.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const PLAIN_PORT = PORT + 1;
const ROUTER_PORT = PORT + 2;
const BEFORE_PORT = PORT + 3;
// A built checkout of Lagoon as it was before issue 13 (or any other build to hold the figures
// against): its anonymous pages, each rendered per request, are measured in the same run.
const BEFORE_DIR = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : undefined;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
// Each server gets this long under the same load first, unmeasured: a cold JIT made the first
// runs (React Router's one-route page above all) read at half speed; 2 s was not enough for it.
const WARM_UP = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);
// Every target is measured once a round, in turn, so that a slower spell of the machine falls on
// all of them rather than on whichever ran then; figures are medians over the rounds.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
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

function start(args, env = {}, cwd = undefined) {
  const child = spawn("node", args, {
    cwd,
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

/** Checks that `url` answers as expected, then puts it under the load, unmeasured, to warm it up. */
async function prepare(url, headers, expectCache) {
  const check = await fetch(url, { headers });
  await check.body?.cancel();
  const cache = check.headers.get("x-lagoon-cache");
  if (!check.ok || (expectCache && cache !== expectCache)) {
    throw new Error(`${url} answered ${check.status} ${cache ?? ""}, expected ${expectCache}`);
  }
  if (WARM_UP > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP, headers });
}

/** CPU time a process has used so far, user and system, in milliseconds (Linux). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime, the 14th and 15th fields, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * One measured run. Besides what the load generator sees, the CPU time the server process spent
 * per request: it moves far less than requests per second when the machine's speed drifts.
 */
async function measure(url, headers, pid) {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: (cpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total),
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** A target's runs over the rounds: the median of each figure, the errors of all. */
function summary(runs) {
  return {
    rps: Math.round(median(runs.map((run) => run.rps))),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    cpuMsPerRequest: Math.round(median(runs.map((run) => run.cpuMsPerRequest)) * 100) / 100,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

/** How fast a run was: in requests per second, or in requests per millisecond of server CPU. */
const BY_RPS = (run) => run.rps;
const BY_CPU = (run) => 1 / run.cpuMsPerRequest;

/**
 * The median over the rounds of a ratio taken within each round: the machine's speed drifts
 * (other tenants), and within a round it moves both sides alike.
 */
function pairedRatio(runs, baseline, speed = BY_RPS) {
  const paired = median(runs.map((run, round) => speed(run) / speed(baseline[round])));
  return Math.round(paired * 1000) / 1000;
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
  const plainServer = start(["bench/plain-server.mjs", String(PLAIN_PORT), pagesFile]);
  const routerServer = start(["bench/react-router-server.mjs", String(ROUTER_PORT)]);
  await waitFor(`http://127.0.0.1:${PLAIN_PORT}/`);
  await waitFor(`http://127.0.0.1:${ROUTER_PORT}/`);
  let beforeServer;
  if (BEFORE_DIR) {
    rmSync(path.join(BEFORE_DIR, dataDir), { recursive: true, force: true });
    beforeServer = start(
      ["--import", "tsx", "server/main.ts"],
      {
        NODE_ENV: "production",
        PORT: String(BEFORE_PORT),
        LAGOON_DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
      },
      BEFORE_DIR,
    );
    await waitFor(`http://127.0.0.1:${BEFORE_PORT}/healthz`);
  }

  console.log(
    `Load: ${CONNECTIONS} connections for ${DURATION} s per run, ${ROUNDS} rounds, loopback, Accept-Encoding: ${ACCEPT_ENCODING}.`,
  );
  const accept = { "accept-encoding": ACCEPT_ENCODING };
  const targets = [];
  for (const page of PAGES) {
    const url = `${origin}${page.path}`;
    targets.push(
      {
        key: `${page.name}.plain`,
        url: `http://127.0.0.1:${PLAIN_PORT}${page.path}`,
        headers: accept,
        pid: plainServer.pid,
      },
      { key: `${page.name}.cached`, url, headers: accept, expect: "HIT", pid: lagoon.pid },
      // React Router's page is measured right before each page rendered, and their ratio taken
      // pairwise: this machine's speed drifts within a round, and a round lasts minutes.
      {
        key: `${page.name}.router`,
        url: `http://127.0.0.1:${ROUTER_PORT}/`,
        headers: accept,
        pid: routerServer.pid,
      },
      {
        key: `${page.name}.uncached`,
        url,
        headers: { ...accept, "x-lagoon-cache-bypass": "1" },
        expect: "BYPASS",
        pid: lagoon.pid,
      },
      {
        key: `${page.name}.signedIn`,
        url,
        headers: { ...accept, cookie },
        expect: "BYPASS",
        pid: lagoon.pid,
      },
    );
    if (BEFORE_DIR) {
      const before = `http://127.0.0.1:${BEFORE_PORT}${page.path}`;
      targets.push({
        key: `${page.name}.before`,
        url: before,
        headers: accept,
        pid: beforeServer.pid,
      });
    }
  }
  for (const target of targets) await prepare(target.url, target.headers, target.expect);
  const runs = Object.fromEntries(targets.map((target) => [target.key, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of targets) {
      runs[target.key].push(await measure(target.url, target.headers, target.pid));
    }
  }

  const router = summary(PAGES.flatMap((page) => runs[`${page.name}.router`]));
  const figures = { rounds: ROUNDS, reactRouterOneRoute: router, pages: {} };
  const rows = [["React Router, one route", router, "", "", ""]];
  for (const page of PAGES) {
    const of = (name) => runs[`${page.name}.${name}`];
    const plain = summary(of("plain"));
    const cached = {
      ...summary(of("cached")),
      ratioToPlain: pairedRatio(of("cached"), of("plain")),
    };
    const uncached = {
      ...summary(of("uncached")),
      ratioToReactRouter: pairedRatio(of("uncached"), of("router")),
      cpuRatioToReactRouter: pairedRatio(of("uncached"), of("router"), BY_CPU),
    };
    const signedIn = {
      ...summary(of("signedIn")),
      ratioToReactRouter: pairedRatio(of("signedIn"), of("router")),
      cpuRatioToReactRouter: pairedRatio(of("signedIn"), of("router"), BY_CPU),
    };
    figures.pages[page.name] = { plain, cached, uncached, signedInWithCart: signedIn };
    rows.push(
      [`${page.name}: plain node:http`, plain, "", "", ""],
      [`${page.name}: anonymous, cached`, cached, cached.ratioToPlain, "", ""],
      [
        `${page.name}: anonymous, rendered`,
        uncached,
        "",
        uncached.ratioToReactRouter,
        uncached.cpuRatioToReactRouter,
      ],
      [
        `${page.name}: signed in, cart`,
        signedIn,
        "",
        signedIn.ratioToReactRouter,
        signedIn.cpuRatioToReactRouter,
      ],
    );
    if (BEFORE_DIR) {
      const before = summary(of("before"));
      const signedInToBefore = pairedRatio(of("signedIn"), of("before"));
      figures.pages[page.name].before = {
        anonymous: before,
        signedInWithCartToIt: signedInToBefore,
        signedInWithCartCpuToIt: pairedRatio(of("signedIn"), of("before"), BY_CPU),
      };
      rows.push([
        `${page.name}: before, anonymous`,
        before,
        "",
        pairedRatio(of("before"), of("router")),
        pairedRatio(of("before"), of("router"), BY_CPU),
      ]);
    }
  }
  console.log(
    `\n${"run (median of the rounds)".padEnd(34)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"errors".padStart(7)} ${"CPU ms".padStart(7)} ${"×plain".padStart(7)} ${"×RR".padStart(7)} ${"CPU×RR".padStart(7)}`,
  );
  for (const [name, run, toPlain, toRouter, cpuToRouter] of rows) {
    console.log(
      `${name.padEnd(34)} ${String(run.rps).padStart(7)} ${String(run.p50).padStart(7)} ${String(run.p99).padStart(7)} ${String(run.errors).padStart(7)} ${run.cpuMsPerRequest.toFixed(2).padStart(7)} ${String(toPlain).padStart(7)} ${String(toRouter).padStart(7)} ${String(cpuToRouter).padStart(7)}`,
    );
  }
  console.log(
    "CPU ms: the server process's CPU time per request. CPU×RR: React Router's one-route page's CPU per request over this row's (1 = as cheap).",
  );

  if (BEFORE_DIR) {
    console.log(`\nAgainst ${BEFORE_DIR}:`);
    for (const page of PAGES) {
      const { signedInWithCartToIt, signedInWithCartCpuToIt } = figures.pages[page.name].before;
      console.log(
        `${page.name}: signed in with a cart ${signedInWithCartToIt}× the earlier build's anonymous page in req/s, ${signedInWithCartCpuToIt}× in CPU per request`,
      );
    }
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
