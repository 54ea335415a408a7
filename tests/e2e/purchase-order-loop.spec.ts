import type { Browser, Page } from "@playwright/test";
import { STAFF_EMAIL as STAFF } from "../support/purchase-order-fixtures";
import { CUSTOMERS, signIn } from "./account-helpers";
import { addToCart, hydration } from "./early-input-helpers";
import { expect, expectAccessible, test } from "./fixtures";

// Issue 30's acceptance: the customer hears at every step of a purchase order, staff sign in by
// an emailed link and decide in their inbox with the order in front of them, and nobody else
// reaches the staff pages.

const FILTER = "gid://shopify/ProductVariant/47100229"; // Waterco Commercial Sand Filter 1200 mm

/** The newest message in the mail emulator whose subject has `text` (the worker polls each 1 s). */
async function openMail(page: Page, text: string) {
  const link = page.getByRole("link", { name: text, exact: true }).first();
  await expect(async () => {
    await page.goto("/_emulators/mail");
    await expect(link).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await link.click();
  await expect(page.getByRole("heading", { name: text })).toBeVisible();
}

/** Marcus orders the filter by purchase order; the new order's number. */
async function submitOrder(page: Page, reference: string, shipping: "standard" | "pickup") {
  await addToCart(page, FILTER);
  await page.goto("/purchase-order-checkout");
  await hydration(page);
  await page.getByRole("textbox", { name: "Purchase order reference" }).fill(reference);
  if (shipping === "standard") {
    await page.getByRole("radio", { name: "Standard Shipping" }).check();
    await page.getByRole("combobox", { name: "Deliver to" }).selectOption({ index: 1 });
  } else {
    await page.getByRole("radio", { name: "Local Pickup" }).check();
    await page.getByRole("combobox", { name: "Pickup location" }).selectOption({ index: 1 });
  }
  await page.getByRole("button", { name: "Submit purchase order" }).click();
  await page.waitForURL(/\/po-thank-you\?order=/);
  const number = await page.getByRole("link", { name: /^PO-\d{4}-\d{5}$/ }).textContent();
  return {
    number: number ?? "",
    detail: `/account/commercial-orders/${new URL(page.url()).searchParams.get("order")}`,
  };
}

/** Staff ask for a sign-in link and use it; the link, for trying it again. */
async function signInAsStaff(staff: Page): Promise<string> {
  await staff.goto("/staff/sign-in");
  await expectAccessible(staff);
  await staff.getByRole("textbox", { name: "Staff email address" }).fill(STAFF);
  await staff.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(staff.getByRole("main").getByRole("status")).toContainText(
    `If ${STAFF} is a staff address`,
  );
  await openMail(staff, "Your sign-in link for the purchase-order inbox");
  const link =
    (await staff.getByRole("link", { name: /staff\/sign-in\?token=/ }).getAttribute("href")) ?? "";
  await staff.goto(link);
  await expectAccessible(staff);
  await staff.getByRole("button", { name: `Sign in as ${STAFF}` }).click();
  await expect(staff).toHaveURL(/\/staff\/purchase-orders$/);
  return link;
}

async function newPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

/** Each of Marcus's name, company and street in `address`, once (issue 30, bug 1). */
function expectAddressOnce(address: string | null | undefined) {
  for (const part of ["Marcus Reid", "Reid Aquatic Services Pty Ltd", "18 Enterprise Drive"]) {
    expect(address?.split(part).length).toBe(2);
  }
}

/** The delivery address as a mail's plain text gives it. */
async function mailedAddress(page: Page) {
  const text = (await page.locator("pre").textContent()) ?? "";
  return text.split("\n").find((line) => line.startsWith("Standard Shipping:"));
}

const shownAddress = (page: Page) =>
  page.getByRole("region", { name: "Standard Shipping" }).locator("address").textContent();

test.describe("purchase orders, closed loop", () => {
  // 404 for those who are not staff, 410 for a spent link: the browser logs each.
  test.use({ allowConsoleError: /status of (404|410) / });

  test("Marcus hears of each step; staff sign in by link and reject one order, approve another", async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36).toUpperCase();

    // Marcus submits, and his "received" email arrives, his delivery address in it once.
    await signIn(page, CUSTOMERS.commercial, { returnTo: "/" });
    const first = await submitOrder(page, `LOOP-${stamp}-1`, "standard");
    await openMail(page, `We received purchase order ${first.number}`);
    await expect(page.locator("pre")).toContainText(`LOOP-${stamp}-1`);
    await expect(page.locator("pre")).toContainText("What happens next");
    await expect(page.locator("pre")).toContainText("12 Lagoon Court");
    expectAddressOnce(await mailedAddress(page));

    // Visitors get 404 in the staff inbox; staff sign in by the emailed link.
    const staff = await newPage(browser);
    expect((await staff.goto("/staff/purchase-orders"))?.status()).toBe(404);
    const link = await signInAsStaff(staff);
    await expectAccessible(staff);
    await staff
      .getByRole("searchbox", { name: "Search by number, reference or customer" })
      .fill(`loop-${stamp}-1`);
    await staff.getByRole("button", { name: "Search orders" }).click();
    await expect(staff.getByRole("main").getByRole("status")).toHaveText(/^1 purchase order match/);
    await staff.getByRole("link", { name: first.number }).click();

    // The order in front of staff; rejecting it takes a reason.
    await expect(
      staff.getByRole("heading", { name: `Purchase order ${first.number}` }),
    ).toBeVisible();
    await expect(staff.getByRole("main")).toContainText(
      "Marcus Reid, Reid Aquatic Services Pty Ltd",
    );
    await expect(staff.getByRole("main")).toContainText("Waterco Commercial Sand Filter 1200 mm");
    expectAddressOnce(await shownAddress(staff));
    await expectAccessible(staff);
    await staff
      .getByRole("textbox", { name: "Reason for rejecting (the customer reads it)" })
      .fill("We cannot deliver to that site before March");
    await staff.getByRole("button", { name: `Reject ${first.number}` }).click();
    await expect(staff.getByRole("main").getByRole("status")).toContainText(
      `${first.number} is now rejected.`,
    );
    await expect(staff.getByRole("main")).toContainText(`Rejected on`);
    await expect(staff.getByRole("main")).toContainText(`by ${STAFF}`);

    // The sign-in link was spent.
    const again = await staff.goto(link);
    expect(again?.status()).toBe(410);
    await expect(staff.getByRole("alert")).toContainText("already used or has expired");

    // Marcus's "rejected" email and his order page give the reason.
    await openMail(page, `Purchase order ${first.number} declined`);
    await expect(page.locator("pre")).toContainText(
      "The reason: We cannot deliver to that site before March",
    );
    await page.goto(first.detail);
    await expect(page.getByTestId("po-status")).toHaveText("Rejected");
    await expect(page.getByTestId("po-reason")).toHaveText(
      "We cannot deliver to that site before March",
    );
    await expect(page.getByRole("region", { name: "Status history" })).toContainText(
      /Submitted on .+ AEST[\s\S]*Rejected on .+ AEST/,
    );
    expectAddressOnce(await shownAddress(page));
    await expectAccessible(page);

    // A second order, approved from the email's link (decision 005 links keep working).
    const second = await submitOrder(page, `LOOP-${stamp}-2`, "pickup");
    await openMail(staff, `Purchase order ${second.number} from Reid Aquatic Services Pty Ltd`);
    const approve =
      (await staff
        .getByRole("link", { name: /decision\?token=/ })
        .first()
        .getAttribute("href")) ?? "";
    await staff.goto(approve);
    await expect(staff.getByRole("main")).toContainText("Waterco Commercial Sand Filter 1200 mm");
    await expectAccessible(staff);
    await staff
      .getByRole("textbox", { name: "Note to the customer (optional)" })
      .fill("Ready for pickup on Friday");
    await staff.getByRole("button", { name: `Approve ${second.number}` }).click();
    await expect(staff.getByRole("main").getByRole("status")).toContainText(
      /Shopify draft order #D\d+ is ready/,
    );

    await openMail(page, `Purchase order ${second.number} approved`);
    await expect(page.locator("pre")).toContainText(/Your order is now draft order #D\d+ with us/);
    await expect(page.locator("pre")).toContainText("Ready for pickup on Friday");
    await page.goto(second.detail);
    await expect(page.getByTestId("po-status")).toHaveText("Approved");
    await expect(page.getByTestId("po-draft")).toHaveText(/^#D\d+$/);

    // A staff session is no customer's session.
    await staff.goto("/account");
    await expect(staff).toHaveURL(/\/login/);
    await staff.context().close();
  });

  test("Olivia, a customer, gets 404 in the staff inbox", async ({ page }) => {
    await signIn(page, CUSTOMERS.everyday, { returnTo: "/" });
    expect((await page.goto("/staff/purchase-orders"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 - Page Not Found");
  });
});
