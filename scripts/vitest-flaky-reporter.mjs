import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * A Vitest reporter for `npm test` (scripts/test.mjs): the tests that passed only on a retry,
 * written as `{ "flaky": [names] }` to the file named by `--outputFile.flaky=…`. Vitest's own
 * JSON report counts such a test as passed and does not say it was retried.
 */
export default class FlakyReporter {
  onInit(vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules) {
    const flaky = [];
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        if (!test.diagnostic()?.flaky) continue;
        flaky.push(
          `${path.relative(this.vitest.config.root, testModule.moduleId)} > ${test.fullName}`,
        );
      }
    }
    for (const name of flaky) console.warn(`flaky (passed only on a retry): ${name}`);
    const outputFile = this.vitest.config.outputFile;
    const file = typeof outputFile === "object" ? outputFile?.flaky : undefined;
    if (!file) return;
    const target = path.resolve(this.vitest.config.root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify({ flaky }));
  }
}
