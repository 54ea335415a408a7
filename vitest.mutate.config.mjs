import { defineConfig } from "vitest/config";
import { currentMutationModule } from "./scripts/mutation-modules.mjs";
import unitConfig from "./vitest.config";

// The unit test settings, with only the tests of the module under mutation (stryker.config.mjs).
export default defineConfig({
  test: { ...unitConfig.test, include: currentMutationModule().tests },
});
