import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { ensureChromium } from "./chromium.mjs";

// The project runs on Node.js 24 from the `node` package (npm puts it first on its scripts' PATH);
// a checkout run by another Node stops here rather than failing somewhere less clear.
const [major, minor] = process.versions.node.split(".").map(Number);
console.log(`Node.js ${process.version}`);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error("✖ Node.js 22.22 or later is needed: run the tests with `npm test`.");
  process.exit(1);
}

const REPORTS = ".reports";
mkdirSync(REPORTS, { recursive: true });

/** A Vitest run's reporters: the console, its JSON report, its flaky tests (<name>-flaky.json). */
const vitestReports = (name) => [
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${REPORTS}/${name}.json`,
  "--reporter=./scripts/vitest-flaky-reporter.mjs",
  `--outputFile.flaky=${REPORTS}/${name}-flaky.json`,
];

// `npm test`: every check in order, stopping at the first failure.
const steps = [
  ["type check", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  ["production build", "npm", ["run", "build"]],
  ["JavaScript budget", "node", ["scripts/size.mjs", "--check"]],
  // The tests that start the whole shop load this build (tests/support/lagoon-server.ts) rather
  // than each having Vite compile the app again.
  ["unit and integration tests", "npx", ["vitest", "run", ...vitestReports("vitest")]],
  [
    "fuzz, fault, shutdown, migration and rolling-deploy suites against the build",
    "npx",
    ["vitest", "run", "--config", "vitest.http.config.ts", ...vitestReports("vitest-http")],
  ],
  ["end-to-end tests", "npx", ["playwright", "test"]],
];

let chromiumPath;
try {
  chromiumPath = ensureChromium();
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  process.exit(1);
}

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: {
      ...process.env,
      CHROMIUM_PATH: chromiumPath,
      LAGOON_TEST_APP_BUILD: "build/server/index.js",
    },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}

// The closing lines over the three test runs, for people and CI alike.
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
/** A Vitest run's counts; it counts a test that passed only on a retry (flaky) as passed. */
const vitestCounts = (name) => {
  const report = read(`${REPORTS}/${name}.json`);
  const flaky = read(`${REPORTS}/${name}-flaky.json`)?.flaky.length ?? 0;
  return {
    passed: (report?.numPassedTests ?? 0) - flaky,
    failed: report?.numFailedTests ?? 0,
    flaky,
  };
};
const playwright = read(`${REPORTS}/playwright.json`)?.stats;
const runs = [
  ["unit and integration", vitestCounts("vitest")],
  ["fuzz, faults, shutdown, deploy", vitestCounts("vitest-http")],
  [
    "end-to-end",
    {
      passed: playwright?.expected ?? 0,
      failed: playwright?.unexpected ?? 0,
      flaky: playwright?.flaky ?? 0,
    },
  ],
];
const total = (key) => runs.reduce((sum, [, counts]) => sum + counts[key], 0);
const flakyRuns = runs.map(([run, { flaky }]) => `${run} ${flaky}`).join(", ");
console.log(`\nflaky, passed only on a retry: ${flakyRuns}`);
// A test that passed only on its retry counts as failed: it found a fault.
const failed = total("failed") + total("flaky");
console.log(`${total("passed")} passed, ${failed} failed`);
if (failed > 0) process.exit(1);
