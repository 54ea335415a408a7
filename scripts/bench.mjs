import { spawnSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { CookieJar, signInAtEmulator } from "../tests/support/customer-account-emulator.ts";
import { startDetached, stopGroup, waitFor } from "./bench-shop.mjs";
import { measureFirstLoad } from "./first-load.mjs";
import { measuredEnv } from "./measured-env.mjs";
import { median } from "./median.mjs";

/**
 * `npm run bench` (after `npm run build`): in one run, on the production build over loopback,
 * requests per second, p50, p99 and the server's CPU time per request for the home page, a
 * collection and a product, each along the paths real requests take, on servers started with
 * `npm run serve` as in production (NODE_ENV=production, LOG_LEVEL=info with its logs in a file,
 * no test controls, no test-only header):
 * - anonymous hit: the shop with its page cache, anonymous requests (HITs once warm; checked),
 *   against a plain node:http server sending the very bytes the shop sent (bench/plain-server.mjs);
 * - anonymous rendered: a second instance of the shop with LAGOON_PAGE_CACHE=off;
 * - signed in with a cart: the shop with its page cache, each connection one of the four demo
 *   customers with a product in the cart (BYPASS; checked);
 * - as a reference, React Router's own server rendering the one-route app in bench/fixture,
 *   measured right before each page's rendered runs.
 * Ratios are medians of the ratios within each of BENCH_ROUNDS rounds (default 3). With
 * BENCH_BEFORE (the folder of another built checkout, e.g. 53acfc2, before the page cache), that
 * build's anonymous pages too, and the rendered and signed-in pages against them. Then first-load
 * JavaScript per route, the shop's RSS, and one JSON line of it all. Any error, timeout or non-2xx
 * answer in any run (warm-up included) fails the bench. The load generator shares the machine:
 * compare ratios from one run, not figures across machines.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const PLAIN_PORT = PORT + 1;
const ROUTER_PORT = PORT + 2;
const BEFORE_PORT = PORT + 3;
const RENDERED_PORT = PORT + 4;
const METRICS_PORT = PORT + 5;
/** The metric families docs/operations.md describes: the bench fails when one is missing. */
const METRIC_FAMILIES = [
  "lagoon_http_request_duration_seconds",
  "lagoon_page_cache_requests_total",
  "lagoon_upstream_request_duration_seconds",
  "lagoon_outbox_pending",
  "lagoon_outbox_oldest_age_seconds",
  "nodejs_eventloop_lag_seconds",
  "nodejs_heap_size_used_bytes",
  "process_resident_memory_bytes",
];
// A built checkout of Lagoon as it was before the page cache (53acfc2; or any other build to hold
// the figures against): its anonymous pages are measured in the same run.
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
/** The four demo customers (demo/customers), each signed in on some of the connections. */
const CUSTOMER_EMAILS = readdirSync("demo/customers")
  .filter((file) => file.endsWith(".json"))
  .sort()
  .map((file) => JSON.parse(readFileSync(path.join("demo/customers", file), "utf8")).email);

const origin = `http://127.0.0.1:${PORT}`;
// Data directories and server logs, one each per server; kept after the run for a look.
const benchDir = path.resolve(`.data/bench-${PORT}`);
const scratch = mkdtempSync(path.join(tmpdir(), "lagoon-bench-"));
const children = [];

/** Starts a process for the bench (startDetached), which ends it with the others. */
function start(command, args, options) {
  const child = startDetached(command, args, options);
  children.push(child);
  return child;
}

/** What the main shop's metrics listener says after the runs, and its public port for /metrics. */
async function readMetrics() {
  const text = await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text();
  const families = METRIC_FAMILIES.filter((family) =>
    new RegExp(`^# TYPE ${family} `, "m").test(text),
  );
  const pageCache = {};
  for (const [, status, count] of text.matchAll(
    /^lagoon_page_cache_requests_total\{status="(\w+)"\} (\d+)/gm,
  )) {
    pageCache[status] = Number(count);
  }
  const publicStatus = (await fetch(`http://127.0.0.1:${PORT}/metrics`)).status;
  return { families, pageCache, publicStatus };
}

/** A shop as production starts it, `npm run serve`, in `cwd`; LAGOON_PAGE_CACHE etc. in `env`. */
function startShop(name, port, cwd, env = {}) {
  const dataDir = path.join(benchDir, name);
  const inherited = measuredEnv();
  return start("npm", ["run", "--silent", "serve"], {
    cwd,
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      LAGOON_DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      ...env,
    },
    logFile: path.join(benchDir, `${name}.log`),
  });
}

/**
 * Fields of /proc/<pid>/stat after the command's name: [0] state, [1] ppid, [2] group, … With
 * `mainThread`, of the process's main thread alone (its thread id is the process's).
 */
function statFields(pid, { mainThread = false } = {}) {
  const file = mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  return readFileSync(file, "utf8").split(") ")[1].split(" ");
}

/**
 * The process of `child`'s group that listens on `port` (Linux): npm and its shell are not the
 * server, and only the server's CPU time is measured.
 */
function listeningProcess(child, port) {
  const sockets = new Set();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== "0A") continue; // 0A: LISTEN
      if (Number.parseInt(fields[1].split(":")[1], 16) === port) sockets.add(fields[9]);
    }
  }
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(statFields(entry)[2]) !== child.pid) continue;
      for (const fd of readdirSync(`/proc/${entry}/fd`)) {
        const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${entry}/fd/${fd}`))?.[1];
        if (socket && sockets.has(socket)) return Number(entry);
      }
    } catch {}
  }
  throw new Error(`no process of ${child.spawnargs.join(" ")} listens on port ${port}`);
}

/** Resident set size of a process, in MiB (Linux). */
function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/**
 * CPU time a process (or, with `mainThread`, its main thread) has used so far, user and system, in
 * milliseconds (Linux).
 */
function cpuMs(pid, options) {
  const fields = statFields(pid, options);
  // utime and stime, the 14th and 15th fields, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A demo customer signed in at the customer-account emulator, with one product in the cart. */
async function signedInWithCart(email) {
  const jar = new CookieJar();
  const login = await fetch(`${origin}/account/login?returnTo=/`, { redirect: "manual" });
  jar.store(login);
  const callback = await signInAtEmulator(new URL(login.headers.get("location") ?? ""), email, jar);
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
    throw new Error(`could not sign in as ${email} and add to the cart`);
  }
  return jar.header();
}

/** Each connection of a run gets one of the headers in turn (one customer each). */
function loadOptions(target, duration) {
  const options = { url: target.url, connections: CONNECTIONS, duration, headers: target.headers };
  if (target.perConnection) {
    let next = 0;
    options.setupClient = (client) => {
      client.setHeaders(target.perConnection[next % target.perConnection.length]);
      next += 1;
    };
  }
  return options;
}

/** What went wrong in one run of autocannon: errors (timeouts included) and non-2xx answers. */
function failuresOf(result) {
  return { errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx };
}

/** The X-Lagoon-Cache answer of one request of each of the target's header sets. */
async function cacheStatuses(target) {
  const statuses = [];
  for (const headers of target.perConnection ?? [target.headers]) {
    const answer = await fetch(target.url, { headers });
    await answer.body?.cancel();
    if (!answer.ok) throw new Error(`${target.label}: ${target.url} answered ${answer.status}`);
    statuses.push(answer.headers.get("x-lagoon-cache"));
  }
  return statuses;
}

/**
 * Checks that the target answers 2xx, puts it under the load, unmeasured, to warm it up, then
 * checks what a sample answer says of the page cache (`expect`: HIT, BYPASS, or null for none).
 */
async function prepare(target) {
  await cacheStatuses(target);
  const warmUp = WARM_UP > 0 ? await autocannon(loadOptions(target, WARM_UP)) : undefined;
  const statuses = await cacheStatuses(target);
  if (target.expect !== undefined && statuses.some((status) => status !== target.expect)) {
    throw new Error(
      `${target.label}: ${target.url} answered X-Lagoon-Cache ${statuses.join(", ")} after the warm-up, expected ${target.expect ?? "none"}`,
    );
  }
  return warmUp ? failuresOf(warmUp) : { errors: 0, timeouts: 0, non2xx: 0 };
}

/**
 * One measured run. Besides what the load generator sees, the CPU time the server process spent
 * per request: it moves far less than requests per second when the machine's speed drifts.
 */
async function measure(target) {
  const cpuBefore = cpuMs(target.pid);
  const mainBefore = cpuMs(target.pid, { mainThread: true });
  const result = await autocannon(loadOptions(target, DURATION));
  const requests = Math.max(1, result.requests.total);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: (cpuMs(target.pid) - cpuBefore) / requests,
    mainMsPerRequest: (cpuMs(target.pid, { mainThread: true }) - mainBefore) / requests,
    requests: result.requests.total,
    ...failuresOf(result),
  };
}

/** A target's runs over the rounds: the median of each figure, the failures of all. */
function summary(runs) {
  const total = (field) => runs.reduce((sum, run) => sum + run[field], 0);
  return {
    rps: Math.round(median(runs.map((run) => run.rps))),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    cpuMsPerRequest: Math.round(median(runs.map((run) => run.cpuMsPerRequest)) * 100) / 100,
    mainMsPerRequest: Math.round(median(runs.map((run) => run.mainMsPerRequest)) * 100) / 100,
    requests: total("requests"),
    errors: total("errors"),
    timeouts: total("timeouts"),
    non2xx: total("non2xx"),
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
      answer.on("end", () =>
        resolve({
          status: answer.statusCode,
          headers: answer.headers,
          body: Buffer.concat(chunks),
        }),
      );
      answer.on("error", reject);
    }).on("error", reject);
  });
}

try {
  if (CUSTOMER_EMAILS.length !== 4) throw new Error("expected the four demo customers");
  const fixture = spawnSync("npx", ["react-router", "build"], {
    cwd: "bench/fixture",
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (fixture.status !== 0) throw new Error("the bench fixture did not build");
  rmSync(benchDir, { recursive: true, force: true });
  mkdirSync(benchDir, { recursive: true });
  const shops = [
    {
      name: "lagoon",
      port: PORT,
      child: startShop("lagoon", PORT, process.cwd(), { METRICS_PORT: String(METRICS_PORT) }),
    },
    {
      name: "rendered",
      port: RENDERED_PORT,
      child: startShop("rendered", RENDERED_PORT, process.cwd(), { LAGOON_PAGE_CACHE: "off" }),
    },
  ];
  if (BEFORE_DIR) {
    shops.push({
      name: "before",
      port: BEFORE_PORT,
      child: startShop("before", BEFORE_PORT, BEFORE_DIR),
    });
  }
  for (const shop of shops) {
    await waitFor(`http://127.0.0.1:${shop.port}/healthz`, shop.child);
    shop.pid = listeningProcess(shop.child, shop.port);
  }
  const [lagoon, rendered, before] = shops;
  const rssBefore = rssMiB(lagoon.pid);
  const cookies = [];
  for (const email of CUSTOMER_EMAILS) cookies.push(await signedInWithCart(email));

  // What Lagoon sends anonymous visitors from its page cache, for the plain server to send as is.
  const accept = { "accept-encoding": ACCEPT_ENCODING };
  const plainPages = {};
  for (const page of PAGES) {
    await (await fetch(`${origin}${page.path}`)).body?.cancel();
    const stored = await rawGet(`${origin}${page.path}`, accept);
    if (stored.status !== 200 || stored.headers["x-lagoon-cache"] !== "HIT") {
      throw new Error(
        `${origin}${page.path} answered ${stored.status} ${stored.headers["x-lagoon-cache"] ?? ""}, expected a 200 HIT`,
      );
    }
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
  const plainServer = start("node", ["bench/plain-server.mjs", String(PLAIN_PORT), pagesFile], {
    logFile: path.join(benchDir, "plain.log"),
  });
  const routerServer = start("node", ["bench/react-router-server.mjs", String(ROUTER_PORT)], {
    logFile: path.join(benchDir, "react-router.log"),
  });
  await waitFor(`http://127.0.0.1:${PLAIN_PORT}/`, plainServer);
  await waitFor(`http://127.0.0.1:${ROUTER_PORT}/`, routerServer);

  console.log(
    `Load: ${CONNECTIONS} connections for ${DURATION} s per run after ${WARM_UP} s of warm-up, ${ROUNDS} rounds, loopback, Accept-Encoding: ${ACCEPT_ENCODING}.`,
  );
  console.log(
    `Shops: npm run serve, NODE_ENV=production, LOG_LEVEL=info (logs in ${path.relative(process.cwd(), benchDir)}/), page cache on :${PORT}, LAGOON_PAGE_CACHE=off :${RENDERED_PORT}${BEFORE_DIR ? `, ${BEFORE_DIR} :${BEFORE_PORT}` : ""}.`,
  );
  const targets = [];
  for (const page of PAGES) {
    const at = (port) => `http://127.0.0.1:${port}${page.path}`;
    targets.push(
      {
        key: `${page.name}.plain`,
        label: `${page.name}: plain node:http`,
        url: at(PLAIN_PORT),
        headers: accept,
        pid: plainServer.pid,
      },
      {
        key: `${page.name}.hit`,
        label: `${page.name}: anonymous hit`,
        url: at(PORT),
        headers: accept,
        expect: "HIT",
        pid: lagoon.pid,
      },
      // React Router's page is measured right before each page rendered, and their ratio taken
      // pairwise: this machine's speed drifts within a round, and a round lasts minutes.
      {
        key: `${page.name}.router`,
        label: "reference: React Router, one route",
        url: `http://127.0.0.1:${ROUTER_PORT}/`,
        headers: accept,
        pid: routerServer.pid,
      },
      {
        key: `${page.name}.rendered`,
        label: `${page.name}: anonymous rendered`,
        url: at(RENDERED_PORT),
        headers: accept,
        expect: null,
        pid: rendered.pid,
      },
      {
        key: `${page.name}.signedIn`,
        label: `${page.name}: signed in with a cart`,
        url: at(PORT),
        headers: accept,
        perConnection: cookies.map((cookie) => ({ ...accept, cookie })),
        expect: "BYPASS",
        pid: lagoon.pid,
      },
    );
    if (before) {
      targets.push({
        key: `${page.name}.before`,
        label: `${page.name}: before, anonymous`,
        url: at(BEFORE_PORT),
        headers: accept,
        pid: before.pid,
      });
    }
  }

  // Every answer of every run, warm-up included, must be a 2xx: a row that errs is not measuring
  // the page.
  const warmUps = {};
  for (const target of targets) warmUps[target.key] = await prepare(target);
  const runs = Object.fromEntries(targets.map((target) => [target.key, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of targets) runs[target.key].push(await measure(target));
  }

  const router = summary(PAGES.flatMap((page) => runs[`${page.name}.router`]));
  const figures = { rounds: ROUNDS, reactRouterOneRoute: router, pages: {} };
  const rows = [{ name: "reference: React Router, one route", run: router }];
  for (const page of PAGES) {
    const of = (name) => runs[`${page.name}.${name}`];
    const toRouter = (name) => ({
      toRouter: pairedRatio(of(name), of("router")),
      cpuToRouter: pairedRatio(of(name), of("router"), BY_CPU),
    });
    const toBefore = (name) =>
      before
        ? {
            toBefore: pairedRatio(of(name), of("before")),
            cpuToBefore: pairedRatio(of(name), of("before"), BY_CPU),
          }
        : {};
    const plain = summary(of("plain"));
    const hit = {
      ...summary(of("hit")),
      toPlain: pairedRatio(of("hit"), of("plain")),
      cpuToPlain: pairedRatio(of("hit"), of("plain"), BY_CPU),
    };
    const anonymousRendered = {
      ...summary(of("rendered")),
      ...toRouter("rendered"),
      ...toBefore("rendered"),
    };
    const signedIn = {
      ...summary(of("signedIn")),
      ...toRouter("signedIn"),
      ...toBefore("signedIn"),
    };
    figures.pages[page.name] = {
      plain,
      anonymousHit: hit,
      anonymousRendered,
      signedInWithCart: signedIn,
    };
    rows.push(
      { name: `${page.name}: plain node:http`, run: plain },
      { name: `${page.name}: anonymous hit`, run: hit },
      { name: `${page.name}: anonymous rendered`, run: anonymousRendered },
      { name: `${page.name}: signed in with a cart`, run: signedIn },
    );
    if (before) {
      const anonymous = { ...summary(of("before")), ...toRouter("before") };
      figures.pages[page.name].before = anonymous;
      rows.push({ name: `${page.name}: before, anonymous`, run: anonymous });
    }
  }
  const columns = [
    ["req/s", (run) => run.rps],
    ["p50 ms", (run) => run.p50],
    ["p99 ms", (run) => run.p99],
    ["CPU ms", (run) => run.cpuMsPerRequest.toFixed(2)],
    ["main ms", (run) => run.mainMsPerRequest.toFixed(2)],
    ["failed", (run) => run.errors + run.non2xx],
    ["×plain", (run) => run.toPlain],
    ...(before
      ? [
          ["×before", (run) => run.toBefore],
          ["CPU×bef", (run) => run.cpuToBefore],
        ]
      : []),
    ["×RR", (run) => run.toRouter],
    ["CPU×RR", (run) => run.cpuToRouter],
  ];
  const NAME_WIDTH = 36;
  console.log(
    `\n${"run (median of the rounds)".padEnd(NAME_WIDTH)} ${columns.map(([title]) => title.padStart(7)).join(" ")}`,
  );
  for (const { name, run } of rows) {
    console.log(
      `${name.padEnd(NAME_WIDTH)} ${columns.map(([, value]) => String(value(run) ?? "").padStart(7)).join(" ")}`,
    );
  }
  console.log(
    "CPU ms: the server process's CPU time per request; main ms: its main thread's, which sets the rate once it is busy all the time. ×: this row's requests per second over the other's; CPU×: the other's CPU per request over this row's (1 = as cheap). RR: React Router's one-route page, a reference.",
  );

  if (before) {
    console.log(`\nAgainst ${BEFORE_DIR}'s anonymous page, in req/s (and in CPU per request):`);
    for (const page of PAGES) {
      const { anonymousRendered, signedInWithCart } = figures.pages[page.name];
      console.log(
        `${page.name}: anonymous rendered ${anonymousRendered.toBefore}× (${anonymousRendered.cpuToBefore}×), signed in with a cart ${signedInWithCart.toBefore}× (${signedInWithCart.cpuToBefore}×)`,
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
  figures.rssMiB = {
    before: rssBefore,
    after: rssMiB(lagoon.pid),
    pageCacheOff: rssMiB(rendered.pid),
  };
  console.log(
    `\nLagoon RSS: ${figures.rssMiB.before} MiB after start, ${figures.rssMiB.after} MiB after the runs (${figures.rssMiB.pageCacheOff} MiB with LAGOON_PAGE_CACHE=off).`,
  );
  figures.metrics = await readMetrics();
  console.log(
    `\nMetrics (127.0.0.1:${METRICS_PORT}/metrics): ${figures.metrics.families.length} of ${METRIC_FAMILIES.length} families; page cache ${JSON.stringify(figures.metrics.pageCache)}; public /metrics answers ${figures.metrics.publicStatus}.`,
  );
  console.log(JSON.stringify({ connections: CONNECTIONS, seconds: DURATION, ...figures }));
  const missing = METRIC_FAMILIES.filter((family) => !figures.metrics.families.includes(family));
  if (missing.length > 0 || figures.metrics.publicStatus !== 404) {
    console.error(
      `\nThe bench failed: metrics missing (${missing.join(", ") || "none"}), public /metrics ${figures.metrics.publicStatus}.`,
    );
    process.exitCode = 1;
  }

  const failed = targets.filter((target) =>
    [warmUps[target.key], ...runs[target.key]].some((run) => run.errors + run.non2xx > 0),
  );
  if (failed.length > 0) {
    console.error("\nThe bench failed: rows with errors, timeouts or non-2xx answers:");
    const counts = ({ errors, timeouts, non2xx }) =>
      `${errors} errors (${timeouts} of them timeouts), ${non2xx} non-2xx answers`;
    for (const target of failed) {
      const measured = summary(runs[target.key]);
      console.error(
        `  ${target.label} (${target.url}): measured ${counts(measured)} of ${measured.requests} requests; warm-up ${counts(warmUps[target.key])}`,
      );
    }
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`\nThe bench failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  for (const child of children) stopGroup(child);
  rmSync(scratch, { recursive: true, force: true });
}
