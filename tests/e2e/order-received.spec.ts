import { CUSTOMERS, signIn } from "./account-helpers";
import { expect, test } from "./fixtures";

// Issue 12, item 7: after the hosted checkout, a signed-in customer's thank-you page names the
// order (number, total, items); nobody else sees it.

const PUMP = "gid://shopify/ProductVariant/47100001";

test("a signed-in customer's order is named after checkout, and only to them", async ({
  page,
  browser,
}) => {
  await signIn(page, CUSTOMERS.everyday, { returnTo: "/" });
  const added = await page.request.post("/api/cart", {
    form: { intent: "add", merchandiseId: PUMP, quantity: "2" },
  });
  expect(added.status()).toBe(200);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page
    .getByRole("button", { name: /^Open cart/ })
    .first()
    .click();
  await page
    .getByRole("dialog", { name: "Your cart" })
    .getByRole("button", { name: "Checkout" })
    .click();
  await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
  // The emulator's checkout knows the signed-in customer: contact and address are theirs.
  const fill = async (name: string, value: string) => {
    const box = page.getByRole("textbox", { name, exact: true });
    if ((await box.inputValue()) === "") await box.fill(value);
  };
  await fill("Email", "olivia.bennett@example.com");
  await fill("First name", "Olivia");
  await fill("Last name", "Bennett");
  await fill("Address", "5 Marine Parade");
  await fill("Suburb", "Coolangatta");
  await page.getByRole("combobox", { name: "State" }).selectOption("QLD");
  await fill("Postcode", "4225");
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page).toHaveURL(/\/thank-you\/order-received\?order=\d+$/);
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  const summary = page.getByRole("region", { name: /^Order #\d+/ });
  await expect(summary).toContainText("$2,198.00");
  await expect(summary).toContainText("2 × Davey SilensorPro SLS Pool Pump");

  // Someone else with the same link gets the generic page.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(page.url());
  await expect(stranger.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(stranger.getByText("Davey SilensorPro SLS Pool Pump")).toHaveCount(0);
  await stranger.context().close();
});
