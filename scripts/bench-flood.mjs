import { spawn } from "node:child_process";
import { Agent } from "node:http";
import path from "node:path";
import { CookieJar, signInAtEmulator } from "../tests/support/customer-account-emulator.ts";
import { percentile, startShop, timedRequest } from "./bench-shop.mjs";

/**
 * `npm run bench:flood` (after `npm run build`): a flood of unique URLs against the production
 * build, as issue 28 measured it. The shop is started as production starts it (`npm run serve`,
 * NODE_ENV=production, one instance on its own PGlite, no test controls). A probe times a stored
 * `/` and a stored product every 100 ms, first quietly (BENCH_QUIET_SECONDS, default 20), then
 * for BENCH_FLOOD_SECONDS (default 60) while BENCH_FLOOD_CONNECTIONS (default 8) connections send
 * nothing but unique URLs on real paths (`/?x=N`, a product with `?x=N`, searches, unknown
 * products, `robots.txt?e=N`). It prints quiet and flood p50/p99 side by side and their ratio
 * (issue 28 accepts a flood p99 of at most 3× the quiet one), what the flood was answered, and
 * whether, after at least 20,000 distinct URLs (from one client, forwarded by a trusted proxy), the newsletter limit still refuses the 6th
 * sign-up and a sign-in started before the flood completes. Probe errors or 5xx fail the bench.
 * The load generator shares the machine with the shop: read the ratio, not the milliseconds.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3950);
const QUIET_SECONDS = Number(process.env.BENCH_QUIET_SECONDS ?? 20);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 8);
const PROBE_EVERY_MS = 100;
const DISTINCT_URLS_AT_LEAST = 20_000;
const PRODUCT = "/store/products/davey-silensorpro-sls-pool-pump";
const PROBES = [
  { name: "/ (stored)", path: "/" },
  { name: "product (stored)", path: PRODUCT },
];
/** Unique URLs on real paths, taken in turn. */
const FLOOD_PATTERNS = [
  (n) => `/?x=${n}`,
  (n) => `${PRODUCT}?x=${n}`,
  (n) => `/search?q=flood-${n}`,
  (n) => `/store/products/flood-${n}`,
  (n) => `/robots.txt?e=${n}`,
];

/**
 * The flood comes from one client of its own, as through a load balancer (loopback is a trusted
 * proxy): the probes and the shopper signing in are other visitors.
 */
const FLOODER = { "x-forwarded-for": "203.0.113.66" };

const origin = `http://127.0.0.1:${PORT}`;

/** Times each probe every 100 ms for `seconds`; an error or a non-HIT answer fails the bench. */
async function probe(seconds) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times = Object.fromEntries(PROBES.map(({ name }) => [name, []]));
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const tick = performance.now();
    for (const { name, path: target } of PROBES) {
      const answer = await timedRequest(agent, `${origin}${target}`);
      if (answer.status !== 200 || answer.cache !== "HIT") {
        throw new Error(`${target} answered ${answer.status} ${answer.cache ?? ""}`);
      }
      times[name].push(answer.ms);
    }
    const rest = PROBE_EVERY_MS - (performance.now() - tick);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  }
  agent.destroy();
  return times;
}

/** CONNECTIONS loops of unique URLs until `signal` aborts; what they were answered. */
async function flood(signal) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const statuses = new Map();
  const urls = new Set();
  let next = 0;
  const loop = async () => {
    while (!signal.aborted) {
      const n = next;
      next += 1;
      const target = FLOOD_PATTERNS[n % FLOOD_PATTERNS.length](n);
      urls.add(target);
      const answer = await timedRequest(agent, `${origin}${target}`, { headers: FLOODER }).catch(
        () => ({ status: "error" }),
      );
      const label = answer.cache ? `${answer.status} ${answer.cache}` : String(answer.status);
      statuses.set(label, (statuses.get(label) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  agent.destroy();
  return { statuses, distinctUrls: urls.size };
}

const signUp = (email) =>
  fetch(`${origin}/api/newsletter`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ EMAIL: email, tags: "website" }),
  }).then(async (response) => {
    await response.body?.cancel();
    return response.status;
  });

/**
 * The flood runs in a process of its own (this script with `--flood`), so that handling its
 * answers never delays the probe's timing. It is started before the quiet probes: starting Node
 * and compiling this script took the machine's CPU for about a second, which fell in the flood's
 * first second as probes three and four times their usual time, a load no attacker puts on the
 * shop's machine. It floods from the line "go" on its stdin until stdin closes, then prints what it
 * was answered as JSON.
 */
function startFlood() {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1], "--flood"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  const ready = new Promise((resolve) => {
    const onData = () => {
      if (!output.includes("ready\n")) return;
      output = output.replace("ready\n", "");
      child.stdout.off("data", onData);
      resolve();
    };
    child.stdout.on("data", onData);
  });
  const result = new Promise((resolve, reject) =>
    child.on("exit", (code) => {
      if (code !== 0) reject(new Error(`the flood process exited with ${code}: ${output}`));
      else {
        const { statuses, distinctUrls } = JSON.parse(output);
        resolve({ statuses: new Map(Object.entries(statuses)), distinctUrls });
      }
    }),
  );
  return {
    ready,
    go: () => child.stdin.write("go\n"),
    stop: () => child.stdin.end(),
    result,
  };
}

async function floodProcess() {
  const stop = new AbortController();
  let go;
  const started = new Promise((resolve) => {
    go = resolve;
  });
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (line) => {
    if (line.includes("go")) go();
  });
  process.stdin.on("end", () => {
    stop.abort();
    go();
  });
  process.stdout.write("ready\n");
  await started;
  const { statuses, distinctUrls } = await flood(stop.signal);
  process.stdout.write(JSON.stringify({ statuses: Object.fromEntries(statuses), distinctUrls }));
}

async function main() {
  const shop = startShop({ port: PORT, dir: path.resolve(`.data/bench-flood-${PORT}`) });
  try {
    await shop.ready();
    await measure();
  } finally {
    shop.stop();
  }
}

async function measure() {
  // Store the probed pages; a page stores on its first miss.
  for (const { path: target } of PROBES) {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const answer = await fetch(`${origin}${target}`);
      await answer.body?.cancel();
      if (answer.headers.get("x-lagoon-cache") === "HIT") break;
    }
  }

  // Before the flood: the newsletter limit's five sign-ups, and a sign-in left half way.
  const signUps = [];
  for (let n = 1; n <= 5; n += 1) signUps.push(await signUp(`flood-limit-${n}@example.com`));
  const jar = new CookieJar();
  const login = await fetch(`${origin}/account/login?returnTo=/account`, { redirect: "manual" });
  jar.store(login);
  await login.body?.cancel();

  const flooding = startFlood();
  await flooding.ready;
  const quiet = await probe(QUIET_SECONDS);
  flooding.go();
  const during = await probe(FLOOD_SECONDS);
  flooding.stop();
  const { statuses, distinctUrls } = await flooding.result;

  const sixth = await signUp("flood-limit-6@example.com");
  const callback = await signInAtEmulator(
    new URL(login.headers.get("location") ?? ""),
    "olivia.bennett@example.com",
    jar,
  );
  const landed = await fetch(callback, { headers: { cookie: jar.header() }, redirect: "manual" });
  await landed.body?.cancel();
  const signedInTo = landed.headers.get("location") ?? "";

  console.log(
    `flood of unique URLs: ${CONNECTIONS} connections, ${FLOOD_SECONDS} s; quiet ${QUIET_SECONDS} s before`,
  );
  console.log("page              quiet p50  quiet p99  flood p50  flood p99  p99 ratio");
  const ratios = {};
  for (const { name } of PROBES) {
    const q50 = percentile(quiet[name], 50);
    const q99 = percentile(quiet[name], 99);
    const f50 = percentile(during[name], 50);
    const f99 = percentile(during[name], 99);
    ratios[name] = f99 / q99;
    console.log(
      `${name.padEnd(17)} ${q50.toFixed(1).padStart(7)} ms ${q99.toFixed(1).padStart(7)} ms ${f50
        .toFixed(1)
        .padStart(7)} ms ${f99.toFixed(1).padStart(7)} ms ${ratios[name].toFixed(2).padStart(8)}×`,
    );
  }
  const answered = [...statuses].sort((a, b) => b[1] - a[1]);
  const floodRequests = answered.reduce((sum, [, count]) => sum + count, 0);
  console.log(
    `flood: ${floodRequests} requests (${(floodRequests / FLOOD_SECONDS).toFixed(0)}/s), ${distinctUrls} distinct URLs; answered ${answered
      .map(([label, count]) => `${label} × ${count}`)
      .join(", ")}`,
  );
  console.log(
    `newsletter sign-ups before: ${signUps.join(", ")}; 6th after the flood: ${sixth} (429 expected)`,
  );
  console.log(
    `sign-in started before the flood, completed after: ${landed.status} → ${signedInTo} (/account expected)`,
  );
  const accepted =
    Object.values(ratios).every((ratio) => ratio <= 3) &&
    distinctUrls >= DISTINCT_URLS_AT_LEAST &&
    sixth === 429 &&
    new URL(signedInTo, origin).pathname === "/account";
  console.log(
    `issue 28 acceptance (p99 ≤ 3×, limits and sign-in kept): ${accepted ? "met" : "NOT met"}`,
  );
  console.log(
    JSON.stringify({
      quietP99: Object.fromEntries(PROBES.map(({ name }) => [name, percentile(quiet[name], 99)])),
      floodP99: Object.fromEntries(PROBES.map(({ name }) => [name, percentile(during[name], 99)])),
      ratios,
      floodRequests,
      distinctUrls,
      statuses: Object.fromEntries(answered),
      sixthSignUp: sixth,
      signedInTo,
    }),
  );
  const serverErrors = answered.filter(([label]) => /^5|error/.test(label));
  if (serverErrors.length > 0) throw new Error(`the flood got ${JSON.stringify(serverErrors)}`);
}

if (process.argv.includes("--flood")) {
  await floodProcess();
} else {
  await main();
}
