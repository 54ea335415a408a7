import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/** A second shop whose content service fails (see playwright.config.ts). */
export const FAULT_ORIGIN = `http://localhost:${Number(process.env.E2E_PORT_BASE ?? 3100) + 1}`;

/** A shop whose storefront (catalogue) answers THROTTLED (see playwright.config.ts). */
export const STOREFRONT_FAULT_ORIGIN = `http://localhost:${Number(process.env.E2E_PORT_BASE ?? 3100) + 7}`;
/** A shop with GTM_ID=GTM-LAGOON1 (see playwright.config.ts). */
export const GTM_ORIGIN = `http://localhost:${Number(process.env.E2E_PORT_BASE ?? 3100) + 8}`;
/** A shop whose access tokens expire after 3 s (see playwright.config.ts). */
export const SHORT_TOKEN_ORIGIN = `http://localhost:${Number(process.env.E2E_PORT_BASE ?? 3100) + 5}`;

/** A console error or an uncaught exception during a test fails it (STYLE.md), unless the test
 * expects it (`allowConsoleError`). */
export const test = base.extend<{ allowConsoleError: RegExp | null }>({
  allowConsoleError: [null, { option: true }],
  page: async ({ page, allowConsoleError }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if (!allowConsoleError?.test(text)) errors.push(text);
    });
    // React reports some errors it recovers from through window.reportError (a page error), not
    // the console: an expected one is allowed the same way.
    page.on("pageerror", (error) => {
      if (!allowConsoleError?.test(error.message)) errors.push(error.message);
    });
    await use(page);
    expect(errors, "console errors during the test").toEqual([]);
  },
});

/** Axe finds nothing serious or critical on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const serious = results.violations.filter((violation) =>
    ["serious", "critical"].includes(violation.impact ?? ""),
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

/** Opens a path, waits for the app to hydrate, and scans it with axe. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expectAccessible(page);
  return response;
}

export { expect };
