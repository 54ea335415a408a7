import { CUSTOMERS, signIn } from "./account-helpers";
import { expect, expectAccessible, test } from "./fixtures";

// Issue 10, item 7: the `vip` guard admits only VIP customers, and they get something real.

test.describe("VIP early access", () => {
  test.use({ allowConsoleError: /status of 403 / });

  test("Sophie, a VIP, sees the early-access products from her account", async ({ page }) => {
    await signIn(page, CUSTOMERS.vip);
    await page.getByRole("link", { name: "VIP early access" }).click();
    await expect(page.getByRole("heading", { name: "VIP early access" })).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Made-to-Measure Spa Cover" }).first(),
    ).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(3);
    await expectAccessible(page);
  });

  test("Olivia, not a VIP, is refused", async ({ page }) => {
    await signIn(page, CUSTOMERS.everyday);
    await expect(page.getByRole("link", { name: "VIP early access" })).toHaveCount(0);
    const response = await page.goto("/account/vip");
    expect(response?.status()).toBe(403);
  });
});
