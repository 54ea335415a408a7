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

// `npm test`: every check in order, stopping at the first failure.
const steps = [
  ["type check", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  [
    "unit and integration tests",
    "npx",
    [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${REPORTS}/vitest.json`,
    ],
  ],
  ["production build", "npm", ["run", "build"]],
  ["JavaScript budget", "node", ["scripts/size.mjs", "--check"]],
  [
    "fuzz and fault suites against the build",
    "npx",
    [
      "vitest",
      "run",
      "--config",
      "vitest.http.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${REPORTS}/vitest-http.json`,
    ],
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
    env: { ...process.env, CHROMIUM_PATH: chromiumPath },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}

// One closing line over both test runners, for people and CI alike.
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
const vitest = read(`${REPORTS}/vitest.json`);
const vitestHttp = read(`${REPORTS}/vitest-http.json`);
const playwright = read(`${REPORTS}/playwright.json`);
const flaky = playwright?.stats?.flaky ?? 0;
const passed =
  (vitest?.numPassedTests ?? 0) +
  (vitestHttp?.numPassedTests ?? 0) +
  (playwright?.stats?.expected ?? 0);
// A test that passed only on its retry counts as failed: it found a fault.
const failed =
  (vitest?.numFailedTests ?? 0) +
  (vitestHttp?.numFailedTests ?? 0) +
  (playwright?.stats?.unexpected ?? 0) +
  flaky;
if (flaky > 0)
  console.log(
    `\n${flaky} end-to-end test(s) passed only on their retry (flaky, counted as failed).`,
  );
console.log(`\n${passed} passed, ${failed} failed`);
