import { defineConfig, devices } from "@playwright/test";
import { UNREACHED_MISS_BUDGET } from "./tests/support/miss-budget";

// End-to-end tests run against the production build in Debian's Chromium: Playwright's own
// browser download does not work on these machines (see README, "Tests").
// E2E_PORT_BASE lets two test runs share a machine (each with its own LAGOON_BUILD_DIR).
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100);
const FAULT_PORT = PORT + 1;
const STOREFRONT_FAULT_PORT = PORT + 7;
const SLOW_CONTENT_PORT = PORT + 2;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const serve = (port: number, extra = "") =>
  `rm -rf .data/e2e-${port} && PORT=${port} LAGOON_DATA_DIR=.data/e2e-${port} LOG_LEVEL=warn LAGOON_TEST_CONTROLS=1 LAGOON_MISS_BUDGET=${UNREACHED_MISS_BUDGET} ${extra} npm run serve`;

const servers = [
  {
    command: serve(PORT),
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
  {
    // A second shop whose content service fails, for the error-page and resilience tests.
    command: serve(FAULT_PORT, `LAGOON_EMULATOR_FAULTS='{"content":[{"status":500}]}'`),
    url: `http://localhost:${FAULT_PORT}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
  {
    // A shop whose storefront (catalogue) throttles every request.
    command: serve(STOREFRONT_FAULT_PORT, `LAGOON_EMULATOR_FAULTS='{"storefront":"throttled"}'`),
    url: `http://localhost:${STOREFRONT_FAULT_PORT}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
  {
    // A shop whose content service struggles: testimonials answer 429 (Retry-After: 1) twice,
    // news articles take 30 s, far past the client's 5 s deadline. Its webhook has a secret.
    command: serve(
      SLOW_CONTENT_PORT,
      `PRISMIC_WEBHOOK_SECRET=e2e-webhook-secret LAGOON_EMULATOR_FAULTS='${JSON.stringify({
        content: [
          { status: 429, retryAfterSeconds: 1, documentTypes: ["testimonials"], times: 2 },
          { status: 200, delayMs: 30_000, documentTypes: ["news_blog_page"] },
        ],
      })}'`,
    ),
    url: `http://localhost:${SLOW_CONTENT_PORT}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
  {
    // A shop with a Google Tag Manager container (the tag tests block Google's hosts).
    command: serve(PORT + 8, "GTM_ID=GTM-LAGOON1"),
    url: `http://localhost:${PORT + 8}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
  {
    // A shop whose access tokens live 3 s, for the refresh and re-login tests.
    command: serve(
      PORT + 5,
      `LAGOON_EMULATOR_FAULTS='{"customerAccount":{"accessTokenTtlSeconds":3}}'`,
    ),
    url: `http://localhost:${PORT + 5}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
];

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  // One retry in CI, only to tell a flaky test from a broken one in the report: a test that passes
  // only on its retry has found a fault, and fails the run (failOnFlakyTests).
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  forbidOnly: true,
  reporter: [
    ["list"],
    ["json", { outputFile: ".reports/playwright.json" }],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
  ],
  // The longest journeys (several pages, two accessibility audits, waiting for hydration) take
  // 20–25 s alone on a slow spell of a two-core machine, and went past 30 s under two workers and
  // eight servers. Each step still has its own limit (expect, below).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  // E2E_MAIN_SERVER_ONLY=1 starts only the main shop: quicker for a spec that needs no other.
  webServer: process.env.E2E_MAIN_SERVER_ONLY ? servers.slice(0, 1) : servers,
});
