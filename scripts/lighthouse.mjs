import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { ensureChromium } from "./chromium.mjs";
import { median } from "./median.mjs";

/**
 * `npm run lighthouse` (after `npm run build`): Lighthouse's mobile audit (its default: a
 * throttled mid-range phone) of the home page, a collection and a product, on the production
 * build in embedded mode, in Debian's Chromium. Prints each category's score and exits 1 when a
 * page misses issue 27's targets: performance ≥ 95, accessibility, best practices and SEO 100.
 * Each page is audited as a first visitor meets it (the page cache warmed by one request).
 *
 * Each page is audited LIGHTHOUSE_RUNS times (5 unless set) and judged by the median of each
 * score, as Lighthouse's own guidance on variability advises: on a shared two-core machine one
 * page's blocking time moves threefold between runs. Every run's figures are printed, with the
 * host's CPU benchmark (Lighthouse's benchmarkIndex): its simulation slows the host's CPU a
 * constant 4×, so the phone it emulates is as fast as this machine is at that moment, and the
 * blocking time follows (docs/decisions/001, "how fast a phone").
 */
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3950);
const origin = `http://localhost:${PORT}`;
const dataDir = `.data/lighthouse-${PORT}`;
const PAGES = ["/", "/store/collections/pumps", "/store/products/davey-silensorpro-sls-pool-pump"];
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
// The lab metrics behind the performance score, printed for each page.
const METRICS = {
  FCP: "first-contentful-paint",
  LCP: "largest-contentful-paint",
  TBT: "total-blocking-time",
  CLS: "cumulative-layout-shift",
  SI: "speed-index",
};

async function waitFor(url) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      const answer = await fetch(url);
      await answer.body?.cancel();
      if (answer.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

/**
 * One page's audit. Lighthouse 12's trace processing sometimes fails with Debian's Chromium
 * ("frame_sequence"): a category it could not score comes back null, which is no score of the
 * page's. Such a run is made again, up to three times in all; a score it did compute, however low,
 * is final.
 */
async function audit(page) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(`${origin}${page}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: Object.keys(TARGETS),
    });
    const unscored = Object.keys(TARGETS).filter(
      (name) => typeof result?.lhr.categories[name]?.score !== "number",
    );
    if (unscored.length === 0 || attempt === 3) return result;
    const failed = Object.values(result?.lhr.audits ?? {})
      .filter((entry) => entry.scoreDisplayMode === "error")
      .map((entry) => `${entry.id}: ${entry.errorMessage}`);
    console.log(`${page}: Lighthouse could not score ${unscored.join(", ")}; again.`);
    for (const line of failed) console.log(`  ${line}`);
  }
}

rmSync(dataDir, { recursive: true, force: true });
const server = spawn("node", ["build/server-main.js"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), LAGOON_DATA_DIR: dataDir },
  stdio: ["ignore", "ignore", "inherit"],
});
let chrome;
let missed = 0;
try {
  await waitFor(`${origin}/healthz`);
  chrome = await chromeLauncher.launch({
    chromePath: ensureChromium(),
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const rows = [];
  for (const page of PAGES) {
    await (await fetch(`${origin}${page}`)).body?.cancel();
    const runs = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const result = await audit(page);
      const categories = result?.lhr.categories ?? {};
      const audits = result?.lhr.audits ?? {};
      const scores = Object.fromEntries(
        Object.keys(TARGETS).map((name) => [
          name,
          Math.round((categories[name]?.score ?? 0) * 100),
        ]),
      );
      const metrics = Object.entries(METRICS).map(
        ([name, id]) => `${name} ${audits[id]?.displayValue ?? "?"}`,
      );
      const benchmark = Math.round(result?.lhr.environment.benchmarkIndex ?? 0);
      console.log(
        `${page} run ${run}: performance ${scores.performance}; ${metrics.join(", ")}; host CPU benchmark ${benchmark}`,
      );
      for (const warning of result?.lhr.runWarnings ?? []) console.log(`  ${warning}`);
      runs.push({ result, scores, benchmark });
    }
    const scores = Object.fromEntries(
      Object.keys(TARGETS).map((name) => [name, median(runs.map((run) => run.scores[name]))]),
    );
    const misses = Object.entries(TARGETS).filter(([name, target]) => scores[name] < target);
    missed += misses.length;
    rows.push({
      page,
      ...scores,
      "performance, each run": runs.map((run) => run.scores.performance).join(" "),
      "host CPU benchmark": median(runs.map((run) => run.benchmark)),
      missed: misses.map(([name]) => name).join(", ") || "—",
    });
    for (const [name] of misses) {
      // What held the score down, from the run whose score is the median.
      const { result } = runs.find((run) => run.scores[name] === scores[name]) ?? runs[0];
      const failing = Object.values(result?.lhr.audits ?? {})
        .filter(
          (audit) =>
            result.lhr.categories[name].auditRefs.some(
              (ref) => ref.id === audit.id && ref.weight > 0,
            ) &&
            audit.score !== null &&
            audit.score < 1,
        )
        .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
      console.log(`${page} ${name}: ${failing.join(", ")}`);
    }
  }
  console.table(rows);
  console.log(JSON.stringify({ lighthouse: rows }));
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
}
process.exit(missed > 0 ? 1 : 0);
