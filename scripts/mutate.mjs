import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { MUTATION_MODULES, mutationReportDir } from "./mutation-modules.mjs";

// `npm run mutate [module…] [--force]`: StrykerJS on each module in turn (all when none is named),
// then the score of each module from its JSON report. Fails unless every module run scores at
// least 80 %. Incremental: a run tests again only the mutants whose code or tests changed; a
// static mutant (a module-level constant) is not retested when only its tests changed, so after
// adding tests for one, run with --force.

const MINIMUM_SCORE = 80;

// Options (`--force`: test every mutant again, not only those incremental mode finds changed)
// go to Stryker; other arguments name modules.
const strykerOptions = process.argv.slice(2).filter((arg) => arg.startsWith("--"));
const asked = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const unknown = asked.filter((name) => !MUTATION_MODULES.some((module) => module.name === name));
if (unknown.length > 0) {
  console.error(`Unknown module(s): ${unknown.join(", ")}`);
  console.error(`Modules: ${MUTATION_MODULES.map((module) => module.name).join(", ")}`);
  process.exit(2);
}
const modules =
  asked.length > 0
    ? MUTATION_MODULES.filter((module) => asked.includes(module.name))
    : MUTATION_MODULES;

for (const module of modules) {
  console.log(`\n=== ${module.title} (${module.name}) ===`);
  const run = spawnSync("node_modules/.bin/stryker", ["run", ...strykerOptions], {
    stdio: "inherit",
    env: { ...process.env, LAGOON_MUTATION_MODULE: module.name },
  });
  if (run.status !== 0) {
    console.error(`Stryker failed on ${module.name} (exit ${run.status ?? run.signal})`);
    process.exit(1);
  }
}

/** Stryker's score: killed and timed-out mutants over all valid ones, of those tests cover. */
function scoreOf(report) {
  const counts = { killed: 0, survived: 0, noCoverage: 0, timeout: 0, ignored: 0, errors: 0 };
  for (const file of Object.values(report.files)) {
    for (const mutant of file.mutants) {
      if (mutant.status === "Killed") counts.killed++;
      else if (mutant.status === "Timeout") counts.timeout++;
      else if (mutant.status === "Survived") counts.survived++;
      else if (mutant.status === "NoCoverage") counts.noCoverage++;
      else if (mutant.status === "Ignored") counts.ignored++;
      else counts.errors++;
    }
  }
  const detected = counts.killed + counts.timeout;
  const valid = detected + counts.survived + counts.noCoverage;
  return { ...counts, score: valid === 0 ? 100 : (100 * detected) / valid };
}

console.log("\nMutation score per module");
console.log("| module | killed | timeout | survived | no coverage | score |");
console.log("|---|---:|---:|---:|---:|---:|");
let failing = 0;
for (const module of MUTATION_MODULES) {
  const file = `${mutationReportDir(module.name)}/mutation.json`;
  if (!existsSync(file)) {
    console.log(`| ${module.name} | – | – | – | – | not run |`);
    continue;
  }
  const s = scoreOf(JSON.parse(readFileSync(file, "utf8")));
  if (modules.includes(module) && s.score < MINIMUM_SCORE) failing++;
  console.log(
    `| ${module.name} | ${s.killed} | ${s.timeout} | ${s.survived} | ${s.noCoverage} | ${s.score.toFixed(1)} % |`,
  );
}
if (failing > 0) {
  console.error(`\n${failing} module(s) below ${MINIMUM_SCORE} %`);
  process.exit(1);
}
