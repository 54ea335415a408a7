import { currentMutationModule, mutationReportDir } from "./scripts/mutation-modules.mjs";

// One module per run (scripts/mutate.mjs runs them in turn): its files are mutated and only its
// unit tests run, each mutant against the tests that cover it (perTest).
const module = currentMutationModule();
const reports = mutationReportDir(module.name);

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutate.config.mjs", related: false },
  coverageAnalysis: "perTest",
  mutate: module.mutate,
  // Two cores shared by the whole team.
  concurrency: 1,
  incremental: true,
  incrementalFile: `${reports}/incremental.json`,
  reporters: ["html", "json", "clear-text", "progress"],
  htmlReporter: { fileName: `${reports}/index.html` },
  jsonReporter: { fileName: `${reports}/mutation.json` },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: ".stryker-tmp",
  ignorePatterns: ["reports", "build", "build-*", "test-results*", "playwright-report", ".data"],
  timeoutMS: 10_000,
  cleanTempDir: "always",
};
