import { expect, test, visit } from "./fixtures";

// Issue 12, item 8: a slim bar at the top while a slow navigation loads (longer than 300 ms);
// a quick navigation shows none, and screen readers hear one polite "Loading".

const DATA_REQUEST = /\.data(\?|$)/;

test("a slow navigation shows the progress bar until the page arrives", async ({ page }) => {
  await visit(page, "/");
  // The next page's data is held until the bar has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(DATA_REQUEST, async (route) => {
    await held;
    await route.continue();
  });
  const bar = page.getByRole("progressbar", { name: "Loading page" });
  await expect(bar).toHaveCount(0);

  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Projects" }).click();
  await expect(bar).toBeVisible();
  await expect(page.locator("[aria-live=polite]", { hasText: /^Loading$/ })).toHaveCount(1);

  release();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(bar).toHaveCount(0);
  await expect(page.locator("[aria-live=polite]", { hasText: /^Loading$/ })).toHaveCount(0);
});

test("the bar waits 300 ms: a navigation that lands sooner shows none", async ({ page }) => {
  await page.clock.install();
  await visit(page, "/");
  // The page's clock now moves only when the test says so, however busy the machine is.
  await page.clock.pauseAt(Date.now() + 60_000);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = () => {};
  const dataRequested = new Promise<void>((resolve) => {
    requested = resolve;
  });
  await page.route(DATA_REQUEST, async (route) => {
    requested();
    await held;
    await route.continue();
  });
  const bar = page.getByRole("progressbar", { name: "Loading page" });

  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Projects" }).click();
  await dataRequested;
  // Let React render the pending navigation (its scheduler runs on message events, not timers).
  for (let turn = 0; turn < 5; turn += 1) {
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = resolve;
          channel.port2.postMessage(null);
        }),
    );
  }
  await page.clock.runFor(299);
  await expect(bar).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(bar).toBeVisible();

  release();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(bar).toHaveCount(0);
});
