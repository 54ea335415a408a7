import type { BrowserContext, Locator, Page } from "@playwright/test";
import { watchPosts } from "./early-input-helpers";
import { expect, expectAccessible, test, visit } from "./fixtures";

// The cart, as a shopper uses it (issue 5's acceptance): adding from the product page, the
// drawer and its quantity rules, course participants, the checkout on the storefront emulator,
// without JavaScript, and when the Storefront API refuses or fails.

// Demo catalogue (demo/catalog/products): the 0.75 kW pump has 14 in stock, the LaMotte tester 1.
const PUMP = {
  path: "/store/products/davey-silensorpro-sls-pool-pump",
  title: "Davey SilensorPro SLS Pool Pump",
  variantId: "gid://shopify/ProductVariant/47100001",
};
const TESTER = {
  path: "/store/products/lamotte-colorq-pro-7-digital-tester",
  title: "LaMotte ColorQ Pro 7 Digital Tester",
  variantId: "gid://shopify/ProductVariant/47100062",
};
const COURSE = {
  path: "/store/products/spa-maintenance-basics-online-course",
  title: "Spa Maintenance Basics",
};

const drawerOf = (page: Page) => page.getByRole("dialog", { name: "Your cart" });
const cartButton = (page: Page) => page.getByRole("button", { name: /^Open cart/ }).first();
const lineOf = (page: Page, title: string) =>
  drawerOf(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: title }) });
const toasts = (page: Page) => page.locator("[data-sonner-toast]");

/** Puts a line in the shopper's cart the way a form post would (the context keeps the cookie). */
async function addToCart(page: Page, merchandiseId: string, quantity = 1) {
  const response = await page.request.post("/api/cart", {
    form: { intent: "add", merchandiseId, quantity: String(quantity) },
  });
  expect(response.status()).toBe(200);
}

/** Reloads and waits for the page to be interactive again. */
async function reload(page: Page) {
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** A shopper with `quantity` pumps in the cart, on the home page with the drawer open. */
async function drawerWithPumps(page: Page, quantity: number) {
  await visit(page, "/");
  await addToCart(page, PUMP.variantId, quantity);
  await reload(page);
  await openDrawer(page);
}

async function openDrawer(page: Page) {
  // The drawer comes last in the streamed document: wait for it before pressing its button.
  await page.waitForLoadState();
  await cartButton(page).click();
  await expect(drawerOf(page)).toBeVisible();
}

async function quantityInput(line: Locator) {
  return line.getByRole("spinbutton", { name: /^Quantity of / });
}

/** The cart id in the shopper's httpOnly cookie (the browser's JavaScript cannot read it). */
async function cartIdOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === "lagoon_cart");
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");
  const value = JSON.parse(
    Buffer.from(decodeURIComponent(cookie?.value ?? ""), "base64").toString(),
  );
  return value.id;
}

test.describe("the cart", () => {
  test("a product with one variant is added from its collection card", async ({ page }) => {
    await visit(page, "/store/collections/test-kits");
    const card = page.getByRole("article").filter({
      has: page.getByRole("link", { name: "AquaChek 7-in-1 Test Strips", exact: true }),
    });
    await card.getByRole("button", { name: "Add to cart" }).click();
    await expect(lineOf(page, "AquaChek 7-in-1 Test Strips")).toBeVisible();
    await expect(page.getByRole("button", { name: "Open cart, 1 item" }).first()).toBeAttached();
    // A product with options is chosen on its own page: its card has no button.
    await visit(page, "/store/collections/pumps");
    const pump = page.getByRole("article").filter({
      has: page.getByRole("link", { name: PUMP.title, exact: true }),
    });
    await expect(pump).toHaveCount(1);
    await expect(pump.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
  });

  test("adding from the product page opens the drawer with the line and the badge", async ({
    page,
  }) => {
    await visit(page, PUMP.path);
    await page.getByRole("button", { name: "Add to cart" }).click();

    const drawer = drawerOf(page);
    await expect(drawer).toBeVisible();
    const line = lineOf(page, PUMP.title);
    await expect(line).toBeVisible();
    await expect(line).toContainText("Power: 0.75 kW");
    await expect(line).toContainText("SKU:");
    await expect(line).toContainText("$1,099.00 AUD each");
    await expect(drawer.getByTestId("cart-subtotal")).toHaveText("$1,099.00 AUD");
    await expect(page.getByRole("button", { name: "Open cart, 1 item" }).first()).toBeAttached();
    await expect(page.getByTestId("cart-badge").first()).toHaveText("1");
    await expectAccessible(page);
  });

  test("quantities are whole numbers of at least 1, and a line can be removed", async ({
    page,
  }) => {
    const changes = watchPosts(page, /^\/api\/cart/);
    await drawerWithPumps(page, 3);
    const line = lineOf(page, PUMP.title);
    const input = await quantityInput(line);
    const decrease = line.getByRole("button", { name: `Decrease quantity of ${PUMP.title}` });
    const increase = line.getByRole("button", { name: `Increase quantity of ${PUMP.title}` });
    await expect(input).toHaveValue("3");

    await input.fill("0");
    await input.press("Enter");
    await expect(input).toHaveValue("1");
    await expect(decrease).toBeDisabled();
    await expect(drawerOf(page).getByTestId("cart-subtotal")).toHaveText("$1,099.00 AUD");

    await increase.click();
    await expect(input).toHaveValue("2");
    await expect(decrease).toBeEnabled();
    await expect(drawerOf(page).getByTestId("cart-subtotal")).toHaveText("$2,198.00 AUD");

    await input.fill("-3");
    await input.blur();
    await expect(input).toHaveValue("1");
    await expect(decrease).toBeDisabled();

    // The server agrees after a reload.
    await changes.settled();
    await reload(page);
    await openDrawer(page);
    await expect(await quantityInput(lineOf(page, PUMP.title))).toHaveValue("1");

    await lineOf(page, PUMP.title)
      .getByRole("button", { name: /^Remove/ })
      .click();
    await expect(lineOf(page, PUMP.title)).toBeHidden();
    await expect(drawerOf(page)).toContainText(
      "Your cart is empty. There are no products in your cart.",
    );
    await expect(page.getByRole("button", { name: "Open cart, empty" }).first()).toBeAttached();
  });

  test("the badge shows 9+ at 10 items, and the cart is still there after a reload", async ({
    page,
  }) => {
    await drawerWithPumps(page, 1);
    const input = await quantityInput(lineOf(page, PUMP.title));
    const saved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname.startsWith("/api/cart") &&
        response.request().method() === "POST",
    );
    await input.fill("10");
    await input.press("Enter");
    await expect(page.getByTestId("cart-badge").first()).toHaveText("9+");
    await expect(drawerOf(page).getByTestId("cart-subtotal")).toHaveText("$10,990.00 AUD");
    // The badge and subtotal change at once (optimistic); reload only once the server has it.
    expect((await saved).status()).toBe(200);

    await reload(page);
    await expect(page.getByTestId("cart-badge").first()).toHaveText("9+");
    await expect(page.getByRole("button", { name: "Open cart, 10 items" }).first()).toBeAttached();
  });

  test("a product link inside the drawer navigates and closes the drawer", async ({ page }) => {
    await drawerWithPumps(page, 1);
    await drawerOf(page).getByRole("link", { name: PUMP.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${PUMP.path}$`));
    await expect(drawerOf(page)).toBeHidden();
  });

  test("a course asks for each participant and shows them, without quantity controls", async ({
    page,
  }) => {
    await visit(page, COURSE.path);
    await page.getByRole("button", { name: "Add to cart" }).click();
    const dialog = page.getByRole("dialog", { name: "Participants" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("spinbutton", { name: "Number of participants" }).fill("2");
    const people = [
      ["Ava Nguyen", "ava@example.com", "0400 000 001"],
      ["Ben Carter", "ben@example.com", "+61 7 5555 0100"],
    ] as const;
    for (const [index, [name, email, phone]] of people.entries()) {
      const participant = dialog.getByRole("group", { name: `Participant ${index + 1}` });
      await participant.getByRole("textbox", { name: "Name" }).fill(name);
      await participant.getByRole("textbox", { name: "Email" }).fill(email);
      await participant.getByRole("textbox", { name: "Phone" }).fill(phone);
    }
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Add to cart" }).click();

    const line = lineOf(page, COURSE.title);
    await expect(line).toBeVisible();
    await expect(line).toContainText("Participant 1: Ava Nguyen");
    await expect(line).toContainText("ava@example.com · 0400 000 001");
    await expect(line).toContainText("Participant 2: Ben Carter");
    await expect(line).toContainText("ben@example.com · +61 7 5555 0100");
    await expect(line).toContainText("Quantity: 2");
    await expect(line.getByRole("spinbutton")).toHaveCount(0);
    await expect(line.getByRole("button", { name: /quantity/i })).toHaveCount(0);
    await expect(page.getByTestId("cart-badge").first()).toHaveText("2");

    // The server stored them as line attributes: they are there after a reload.
    await reload(page);
    await openDrawer(page);
    await expect(lineOf(page, COURSE.title)).toContainText("Participant 2: Ben Carter");
  });

  test("checking out places the order on the emulator's checkout page and empties the cart", async ({
    page,
  }) => {
    await drawerWithPumps(page, 2);
    await drawerOf(page).getByRole("button", { name: "Checkout" }).click();

    await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
    await expect(page).toHaveURL(/\/_emulators\/storefront\/cart\/c\//);
    const summary = page.getByRole("table");
    await expect(summary).toContainText(PUMP.title);
    await expect(summary).toContainText("$2,198.00");
    await expectAccessible(page);

    await page.getByRole("textbox", { name: "Email" }).fill("shopper@example.com");
    await page.getByRole("textbox", { name: "First name" }).fill("Ava");
    await page.getByRole("textbox", { name: "Last name" }).fill("Nguyen");
    await page.getByRole("textbox", { name: "Address", exact: true }).fill("12 Reef Street");
    await page.getByRole("textbox", { name: "Suburb" }).fill("Burleigh Heads");
    await page.getByRole("combobox", { name: "State" }).selectOption("QLD");
    await page.getByRole("textbox", { name: "Postcode" }).fill("4220");
    await page.getByRole("button", { name: "Place order" }).click();

    await expect(page).toHaveURL(/\/thank-you\/order-received$/);
    await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
    await expect(page.getByText("your message")).toHaveCount(0);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(page.getByRole("button", { name: "Open cart, empty" }).first()).toBeAttached();
    await openDrawer(page);
    await expect(drawerOf(page)).toContainText("Your cart is empty.");
  });

  test("checking out an empty cart shows the Empty Cart toast for 3 seconds", async ({ page }) => {
    await visit(page, "/");
    await openDrawer(page);
    await drawerOf(page).getByRole("button", { name: "Checkout" }).click();
    const toast = toasts(page);
    await expect(toast).toContainText("Empty Cart");
    await expect(toast).toContainText("Your cart is empty!");
    await expect(page).toHaveURL(/\/$/);
    await expect(toast).toHaveCount(0, { timeout: 6_000 });
  });

  test("a double click adds once", async ({ page }) => {
    await visit(page, PUMP.path);
    await page.getByRole("button", { name: "Add to cart" }).dblclick();
    await expect(lineOf(page, PUMP.title)).toBeVisible();
    await reload(page);
    await expect(page.getByTestId("cart-badge").first()).toHaveText("1");
  });

  test("two tabs never lose each other's changes", async ({ page, context }) => {
    await visit(page, "/");
    await addToCart(page, PUMP.variantId, 1);
    await reload(page);
    const other = await context.newPage();
    await visit(other, "/");

    // Both tabs show 1. The first adds one; the second, still showing 1, adds one too.
    await openDrawer(page);
    await lineOf(page, PUMP.title)
      .getByRole("button", { name: `Increase quantity of ${PUMP.title}` })
      .click();
    await expect(page.getByTestId("cart-badge").first()).toHaveText("2");
    await openDrawer(other);
    await lineOf(other, PUMP.title)
      .getByRole("button", { name: `Increase quantity of ${PUMP.title}` })
      .click();
    await expect(await quantityInput(lineOf(other, PUMP.title))).toHaveValue("3");
    await reload(page);
    await expect(page.getByTestId("cart-badge").first()).toHaveText("3");
  });

  test("quick presses of + all count, on screen and on the server", async ({ page }) => {
    const changes = watchPosts(page, /^\/api\/cart/);
    await drawerWithPumps(page, 1);
    const line = lineOf(page, PUMP.title);
    const increase = line.getByRole("button", { name: `Increase quantity of ${PUMP.title}` });
    for (let press = 0; press < 5; press++) await increase.click();
    await expect(await quantityInput(line)).toHaveValue("6");
    await expect(page.getByTestId("cart-badge").first()).toHaveText("6");
    await changes.settled();
    await reload(page);
    await expect(page.getByTestId("cart-badge").first()).toHaveText("6");
  });

  test("a − pressed before the page has drawn the + before it counts from the +", async ({
    page,
  }) => {
    const changes = watchPosts(page, /^\/api\/cart/);
    await drawerWithPumps(page, 3);
    const line = lineOf(page, PUMP.title);
    await expect(await quantityInput(line)).toHaveValue("3");
    // Both presses in one task: React Router's state reaches a render in a transition, so the −
    // comes before the page has drawn the + on its way, as on a slow phone's busy main thread.
    await line.evaluate((item) => {
      for (const name of ["Increase", "Decrease"]) {
        item.querySelector<HTMLButtonElement>(`button[aria-label^="${name} quantity"]`)?.click();
      }
    });
    await changes.settled();
    await expect(await quantityInput(line)).toHaveValue("3");
    await reload(page);
    await expect(page.getByTestId("cart-badge").first()).toHaveText("3");
  });
});

test.describe("when the Storefront API says no", () => {
  // The failing call is answered 422 or 503; the browser logs that status.
  test.use({ allowConsoleError: /status of (422|503)/ });

  test("a quantity above the stock shows the API's message and keeps the line", async ({
    page,
  }) => {
    await visit(page, "/");
    await addToCart(page, TESTER.variantId, 1);
    await reload(page);
    await openDrawer(page);
    const line = lineOf(page, TESTER.title);
    await line.getByRole("button", { name: `Increase quantity of ${TESTER.title}` }).click();
    await expect(toasts(page)).toContainText(`You can only add 1 of ${TESTER.title} to your cart.`);
    await expect(await quantityInput(line)).toHaveValue("1");
    await expect(page.getByTestId("cart-badge").first()).toHaveText("1");
  });

  test("a failing storefront shows the spec's message and the cart stays as it was", async ({
    page,
    context,
  }) => {
    await visit(page, "/");
    await addToCart(page, PUMP.variantId, 1);
    await reload(page);
    // The emulator's switch for this one cart: its updates fail with HTTP 500 from now on.
    const cartId = await cartIdOf(context);
    const fault = await page.request.put("/_emulators/storefront/_faults/cart", {
      data: { cartId, fault: "status:500", operations: ["CartLinesUpdate"] },
    });
    expect(fault.status()).toBe(204);

    await openDrawer(page);
    const line = lineOf(page, PUMP.title);
    await line.getByRole("button", { name: `Increase quantity of ${PUMP.title}` }).click();
    await expect(toasts(page)).toContainText("Failed to update cart line item");
    await expect(await quantityInput(line)).toHaveValue("1");
    await expect(page.getByTestId("cart-badge").first()).toHaveText("1");

    await reload(page);
    await expect(page.getByTestId("cart-badge").first()).toHaveText("1");
    await page.request.delete("/_emulators/storefront/_faults/cart", { data: { cartId } });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adding and removing work with plain form posts", async ({ page }) => {
    await page.goto(PUMP.path);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page).toHaveURL(new RegExp(`${PUMP.path}$`));
    await expect(page.getByRole("button", { name: "Open cart, 1 item" }).first()).toBeAttached();

    // Each change comes back to the page with the drawer open, as it would be with JavaScript.
    const line = lineOf(page, PUMP.title);
    await expect(line).toBeVisible();
    await expect(drawerOf(page).getByTestId("cart-subtotal")).toHaveText("$1,099.00 AUD");

    await line.getByRole("button", { name: `Increase quantity of ${PUMP.title}` }).click();
    await expect(page.getByRole("button", { name: "Open cart, 2 items" }).first()).toBeAttached();

    await lineOf(page, PUMP.title)
      .getByRole("button", { name: /^Remove/ })
      .click();
    await expect(page.getByRole("button", { name: "Open cart, empty" }).first()).toBeAttached();
    await expect(drawerOf(page)).toContainText(
      "Your cart is empty. There are no products in your cart.",
    );

    // Without JavaScript there is no toast: the empty cart's message comes back in the page.
    await drawerOf(page).getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(new RegExp(`${PUMP.path}$`));
    await expect(page.getByRole("alert")).toContainText("Empty Cart");
    await expect(page.getByRole("alert")).toContainText("Your cart is empty!");
  });
});
