import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// docs/decisions/001: the shell (header, footer, cart drawer) hydrates after the page, when its
// code arrives. A click on it before then waits for that code and is then made again, so it gets
// the hydrated behaviour; after 3 s it goes ahead as it would without JavaScript.

const SHELL_CODE = /\/assets\/shell-parts-[\w-]+\.js$/;

/** Opens /contact with the shell's code held back for `delayMs`, until the page asks for it. */
async function openWithSlowShell(page: Page, delayMs: number) {
  await page.route(SHELL_CODE, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    // The page may have moved on (or closed) in the meantime.
    await route.continue().catch(() => {});
  });
  const asked = page.waitForRequest(SHELL_CODE);
  await page.goto("/contact");
  // The page has hydrated and wants the shell's code, which is still on its way.
  await asked;
  await page.evaluate(() => {
    (window as { samePage?: boolean }).samePage = true;
  });
  let documents = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
  });
  return { documents: () => documents };
}

const homeLink = (page: Page) =>
  page.getByRole("banner").getByRole("link", { name: "Coral Bay Pool & Spa" });

const samePage = (page: Page) =>
  page.evaluate(() => (window as { samePage?: boolean }).samePage === true);

test("a header link clicked before the shell hydrates waits for it, then navigates in the app", async ({
  page,
}) => {
  const { documents } = await openWithSlowShell(page, 1_500);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  await homeLink(page).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(documents(), "no document load").toBe(0);
  expect(await samePage(page)).toBe(true);
});

test("a click held for 3 s goes ahead as without JavaScript", async ({ page }) => {
  const { documents } = await openWithSlowShell(page, 20_000);
  const clicked = Date.now();
  await homeLink(page).click();

  await expect.poll(documents, { timeout: 6_000 }).toBe(1);
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(2_900);
  await expect(page).toHaveURL(/\/$/);
  expect(await samePage(page)).toBe(false);
});
