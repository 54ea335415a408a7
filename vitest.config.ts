import { defineConfig } from "vitest/config";

// Unit and integration tests; the React Router plugin is for the app build only.
export default defineConfig({
  test: {
    include: ["{app,server,emulators,scripts,tests/support}/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one worker on a two-core machine. Most
    // files wait (on PGlite, HTTP between the shop and its emulators, timers) more than they
    // compute, so three share two cores well.
    maxWorkers: 3,
    setupFiles: ["tests/support/vitest-setup.ts"],
  },
});
