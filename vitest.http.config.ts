import { defineConfig } from "vitest/config";

// The suites that talk HTTP to the whole shop built for production (tests/http): the fuzz and
// fault suites. They need `npm run build` first, so `npm test` runs them after the build.
export default defineConfig({
  test: {
    include: ["tests/http/**/*.test.ts"],
    environment: "node",
    // React and the server as `npm run serve` runs them: React's development build is 1.5×
    // slower and is not what shoppers meet.
    env: { NODE_ENV: "production" },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // The fault suite mostly waits on deadlines: it runs beside the fuzz suite, not after it.
    maxWorkers: 2,
  },
});
