import type { Page } from "@playwright/test";
import { CUSTOMERS, signIn } from "./account-helpers";
import { expect, expectAccessible, test, visit } from "./fixtures";

// Issue 10's acceptance: commercial customers order by purchase order, staff approve it from
// their email, and nobody else reaches the flow or the orders.

const PUMP = "gid://shopify/ProductVariant/47100001"; // Davey SilensorPro SLS Pool Pump
const FILTER = "gid://shopify/ProductVariant/47100229"; // Waterco Commercial Sand Filter 1200 mm
const ZODIAC = "gid://shopify/ProductVariant/47100232"; // productType "commercial"

const drawerOf = (page: Page) => page.getByRole("dialog", { name: "Your cart" });
const toasts = (page: Page) => page.locator("[data-sonner-toast]");

async function addToCart(page: Page, merchandiseId: string, quantity = 1) {
  const response = await page.request.post("/api/cart", {
    form: { intent: "add", merchandiseId, quantity: String(quantity) },
  });
  expect(response.status()).toBe(200);
}

async function checkoutFromDrawer(page: Page) {
  await visit(page, "/");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page
    .getByRole("button", { name: /^Open cart/ })
    .first()
    .click();
  await drawerOf(page).getByRole("button", { name: "Checkout" }).click();
}

/** The newest message in the mail emulator whose subject has `text` (the worker polls each 1 s). */
async function openMail(page: Page, text: string) {
  await expect(async () => {
    await page.goto("/_emulators/mail");
    await expect(page.getByRole("link", { name: new RegExp(text) }).first()).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });
  await page
    .getByRole("link", { name: new RegExp(text) })
    .first()
    .click();
}

// A form with mistakes answers 400, a refused page 403, a spent link 409: the browser logs each.
const EXPECTED_REFUSALS = /status of (400|403|404|409) /;

test.describe("purchase orders", () => {
  test.use({ allowConsoleError: EXPECTED_REFUSALS });
  test("Marcus orders by purchase order, and staff approve it once from their email", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, CUSTOMERS.commercial, { returnTo: "/" });
    await addToCart(page, PUMP, 2);
    await addToCart(page, FILTER, 1);
    await checkoutFromDrawer(page);

    // product §8: the toast, then the purchase-order page after 3 s; never the hosted checkout.
    await expect(toasts(page)).toContainText(
      "As a commercial customer, you must use the purchase order process. Redirecting...",
    );
    await expect(page).toHaveURL(/\/purchase-order-checkout$/, { timeout: 6_000 });
    await expect(page.getByRole("heading", { name: "Purchase order checkout" })).toBeVisible();
    const summary = page.getByRole("region", { name: "Your order" });
    await expect(summary).toContainText("Davey SilensorPro SLS Pool Pump");
    await expect(summary).toContainText("Waterco Commercial Sand Filter 1200 mm");
    await expect(page.getByTestId("po-subtotal")).toHaveText("$11,688.00");
    await expectAccessible(page);

    // An empty reference and no address chosen: both messages, what was typed kept.
    await page.getByRole("radio", { name: "Standard Shipping" }).check();
    await page.getByRole("combobox", { name: "Deliver to" }).selectOption("");
    await page
      .getByRole("textbox", { name: "Notes (optional)" })
      .fill("Deliver to the loading dock");
    await page.getByRole("button", { name: "Submit purchase order" }).click();
    await expect(page.getByText("Enter your purchase order reference")).toBeVisible();
    await expect(page.getByText("Choose a delivery address")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Notes (optional)" })).toHaveValue(
      "Deliver to the loading dock",
    );

    await page.getByRole("textbox", { name: "Purchase order reference" }).fill("  RA-2026-118  ");
    await page.getByRole("combobox", { name: "Deliver to" }).selectOption({ index: 1 });
    await page.getByRole("button", { name: "Submit purchase order" }).click();

    await expect(page).toHaveURL(/\/po-thank-you\?order=/);
    const numberLink = page.getByRole("link", { name: /^PO-\d{4}-\d{5}$/ });
    const number = (await numberLink.textContent()) ?? "";
    await expect(page.getByRole("button", { name: "Open cart, empty" }).first()).toBeAttached();

    await numberLink.click();
    await expect(page.getByRole("heading", { name: `Purchase order ${number}` })).toBeVisible();
    await expect(page.getByTestId("po-status")).toHaveText("Submitted");
    await expect(page.getByText("RA-2026-118", { exact: true })).toBeVisible();
    await expect(page.getByText("Deliver to the loading dock")).toBeVisible();
    const detailUrl = page.url();

    await page.goto("/account");
    const section = page.getByRole("region", { name: "Commercial orders" });
    await expect(section.getByRole("link", { name: number })).toBeVisible();
    // By API too; the customer is the session's, whatever id the body names.
    const listed = await page.request.post("/api/customer/fetch-commercial-orders", {
      data: { limit: 10, page: 1, shopifyCustomerId: "gid://shopify/Customer/1001" },
    });
    expect(await listed.json()).toMatchObject({
      orders: expect.arrayContaining([expect.objectContaining({ number, status: "submitted" })]),
      hasMore: false,
    });

    // Staff: the email in the mail emulator, its Approve link, then the same link again.
    await openMail(page, `Purchase order ${number} from`);
    await expect(page.getByText("RA-2026-118")).toBeVisible();
    const approve = await page
      .getByRole("link", { name: /decision\?token=/ })
      .first()
      .getAttribute("href");
    expect(approve).toBeTruthy();
    await page.goto(approve ?? "");
    await expect(page.getByTestId("po-status")).toHaveText("Submitted");
    await page.getByRole("button", { name: `Approve ${number}` }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText(
      `${number} is now approved`,
    );
    // The storefront emulator's Admin API made the Shopify draft order.
    await expect(page.getByRole("main").getByRole("status")).toContainText(
      /Shopify draft order #D\d+ is ready/,
    );
    const again = await page.goto(approve ?? "");
    expect(again?.status()).toBe(409);
    await expect(page.getByRole("alert")).toContainText("cannot be used again");

    await page.goto(detailUrl);
    await expect(page.getByTestId("po-status")).toHaveText("Approved");
  });

  test("an anonymous shopper with a commercial product signs in and comes back to the purchase-order flow", async ({
    page,
  }) => {
    await visit(page, "/");
    await addToCart(page, ZODIAC, 1);
    await checkoutFromDrawer(page);
    await expect(toasts(page)).toContainText(
      "Your cart contains commercial-only products. Please log in to complete your purchase order.",
    );
    await expect(page).not.toHaveURL(/_emulators\/storefront\/cart/);
    await drawerOf(page).getByRole("button", { name: "Log In" }).click();
    await page.getByRole("button", { name: `Sign in as ${CUSTOMERS.commercial}` }).click();
    await expect(page).toHaveURL(/\/purchase-order-checkout$/);
    await expect(page.getByRole("region", { name: "Your order" })).toContainText(
      "Zodiac TornaX Commercial Robotic Cleaner",
    );
  });

  test("Olivia, not commercial, is refused the purchase-order flow, sees none of Marcus's orders, and checks out as usual", async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    // Marcus places an order in his own browser.
    const marcus = await (await browser.newContext()).newPage();
    await signIn(marcus, CUSTOMERS.commercial, { returnTo: "/" });
    await addToCart(marcus, FILTER, 1);
    await marcus.goto("/purchase-order-checkout");
    // A press before the form hydrates is held until it has (decision 001): check() wants it at once.
    await marcus.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await marcus.getByRole("textbox", { name: "Purchase order reference" }).fill("PRIVATE-1");
    await marcus.getByRole("radio", { name: "Local Pickup" }).check();
    await marcus.getByRole("combobox", { name: "Pickup location" }).selectOption({ index: 1 });
    await marcus.getByRole("button", { name: "Submit purchase order" }).click();
    await marcus.waitForURL(/\/po-thank-you\?order=/);
    const orderId = new URL(marcus.url()).searchParams.get("order") ?? "";
    await marcus.context().close();

    await signIn(page, CUSTOMERS.everyday, { returnTo: "/" });
    const refused = await page.goto("/purchase-order-checkout");
    expect(refused?.status()).toBe(403);
    const byPage = await page.goto(`/account/commercial-orders/${orderId}`);
    expect(byPage?.status()).toBe(404);
    // The customer is the session's: a body naming Marcus changes nothing.
    const one = await page.request.post("/api/customer/fetch-commercial-order", {
      data: { orderId, shopifyCustomerId: "gid://shopify/Customer/1002" },
    });
    expect(one.status()).toBe(404);
    expect(await one.json()).toMatchObject({ error: "Failed to fetch order details" });
    const list = await page.request.post("/api/customer/fetch-commercial-orders", {
      data: { shopifyCustomerId: "gid://shopify/Customer/1002" },
    });
    expect(list.status()).toBe(403);
    expect(await list.text()).not.toContain(orderId);
    const thankYou = await page.goto(`/po-thank-you?order=${orderId}`);
    expect(await thankYou?.text()).not.toContain("PRIVATE-1");

    await addToCart(page, PUMP, 1);
    await checkoutFromDrawer(page);
    await expect(page).toHaveURL(/\/_emulators\/storefront\/cart\/c\/.*logged_in=true/);
  });
});

test.describe("purchase orders without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowConsoleError: EXPECTED_REFUSALS });

  test("the form shows its messages and submits", async ({ page }) => {
    await signIn(page, CUSTOMERS.commercial, { returnTo: "/" });
    await addToCart(page, FILTER, 1);
    await page.goto("/purchase-order-checkout");
    await page.getByRole("radio", { name: "Local Pickup" }).check();
    await page.getByRole("button", { name: "Submit purchase order" }).click();
    await expect(page.getByText("Enter your purchase order reference")).toBeVisible();
    await expect(page.getByText("Choose a pickup location")).toBeVisible();

    await page.getByRole("textbox", { name: "Purchase order reference" }).fill("NOJS-1");
    await page.getByRole("combobox", { name: "Pickup location" }).selectOption({ index: 1 });
    await page.getByRole("button", { name: "Submit purchase order" }).click();
    await expect(page).toHaveURL(/\/po-thank-you\?order=/);
    await expect(page.getByRole("link", { name: /^PO-\d{4}-\d{5}$/ })).toBeVisible();
  });
});
