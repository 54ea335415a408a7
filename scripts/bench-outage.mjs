import { Agent } from "node:http";
import path from "node:path";
import { freePort, startOwnRedis, stopOwnRedis } from "../tests/support/own-services.ts";
import { percentile, startShop, timedRequest } from "./bench-shop.mjs";

/**
 * `npm run bench:outage` (after `npm run build`): Redis stopped under mixed traffic, as issue 28
 * measured it. The shop runs as production does (`npm run serve`, one instance on its own PGlite)
 * with a `redis-server` of the bench's own (never the machine's). BENCH_OUTAGE_CONNECTIONS
 * (default 4) shoppers keep browsing (home, a collection, a product, news, a search) and adding
 * to their carts while Redis is up (BENCH_PHASE_SECONDS, default 20), stopped with SIGKILL for as
 * long, and back. It prints p50/p99 per phase and the outage's p99 against Redis up (issue 28
 * accepts at most 2×); any 5xx or failed request fails the bench.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3960);
const PHASE_SECONDS = Number(process.env.BENCH_PHASE_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_OUTAGE_CONNECTIONS ?? 4);
const PAGES = [
  "/",
  "/store/collections/pool-equipment",
  "/store/products/davey-silensorpro-sls-pool-pump",
  "/news",
  "/search?q=pump",
];
const VARIANT = "gid://shopify/ProductVariant/47100001";

/** One shopper: pages in turn, and every fifth request an add to a new cart. */
async function shopper(origin, phaseOf, times, failures, signal) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let cookie = "";
  for (let n = 0; !signal.aborted; n += 1) {
    const adding = n % 5 === 4;
    const phase = phaseOf();
    const answer = await timedRequest(
      agent,
      `${origin}${adding ? "/api/cart" : PAGES[n % PAGES.length]}`,
      adding
        ? {
            method: "POST",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              accept: "application/json",
              origin,
            },
            body: new URLSearchParams({
              intent: "add",
              merchandiseId: VARIANT,
              quantity: "1",
            }).toString(),
          }
        : { headers: { cookie } },
    ).catch((error) => ({ status: `error ${error.code ?? error.message}`, ms: 0 }));
    if (typeof answer.status !== "number" || answer.status >= 400) {
      failures.push(`${phase} ${adding ? "cart add" : PAGES[n % PAGES.length]}: ${answer.status}`);
      continue;
    }
    // A shopper with a cart browses with it (personal pages, rendered); the next add starts
    // another cart, so that no cart outgrows the stock.
    const cart = [answer.headers?.["set-cookie"] ?? []]
      .flat()
      .find((line) => line.startsWith("lagoon_cart="));
    cookie = cart ? cart.split(";")[0] : cookie;
    times[phase].push(answer.ms);
  }
  agent.destroy();
}

async function main() {
  const redisPort = await freePort();
  let redis = await startOwnRedis(redisPort);
  const shop = startShop({
    port: PORT,
    dir: path.resolve(`.data/bench-outage-${PORT}`),
    env: { REDIS_URL: `redis://127.0.0.1:${redisPort}` },
  });
  try {
    await shop.ready();
    // Warm up: every page stored once.
    for (const page of PAGES) await (await fetch(`${shop.origin}${page}`)).body?.cancel();

    const times = { "Redis up": [], "Redis stopped": [], "Redis back": [] };
    const failures = [];
    let phase = "Redis up";
    const stop = new AbortController();
    const shoppers = Array.from({ length: CONNECTIONS }, () =>
      shopper(shop.origin, () => phase, times, failures, stop.signal),
    );
    const wait = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    await wait(PHASE_SECONDS);
    await stopOwnRedis(redis);
    phase = "Redis stopped";
    await wait(PHASE_SECONDS);
    redis = await startOwnRedis(redisPort);
    phase = "Redis back";
    await wait(PHASE_SECONDS);
    stop.abort();
    await Promise.all(shoppers);

    console.log(
      `Redis outage under mixed traffic: ${CONNECTIONS} shoppers (pages and cart adds), ${PHASE_SECONDS} s per phase`,
    );
    console.log("phase           requests    p50        p99");
    for (const [name, values] of Object.entries(times)) {
      console.log(
        `${name.padEnd(15)} ${String(values.length).padStart(8)} ${percentile(values, 50)
          .toFixed(1)
          .padStart(7)} ms ${percentile(values, 99).toFixed(1).padStart(7)} ms`,
      );
    }
    const ratio = percentile(times["Redis stopped"], 99) / percentile(times["Redis up"], 99);
    console.log(`p99 with Redis stopped / with Redis up: ${ratio.toFixed(2)}× (issue 28: ≤ 2×)`);
    console.log(`failed requests: ${failures.length}`);
    if (failures.length > 0) {
      throw new Error(`failed requests:\n${failures.slice(0, 20).join("\n")}`);
    }
  } finally {
    shop.stop();
    await stopOwnRedis(redis);
  }
}

await main();
