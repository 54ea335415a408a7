import { defineConfig } from "vitest/config";

// Unit and integration tests; the React Router plugin is for the app build only.
export default defineConfig({
  test: {
    include: ["{app,server,emulators,scripts,tests/support}/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    setupFiles: ["tests/support/vitest-setup.ts"],
  },
});
