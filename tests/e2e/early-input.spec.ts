import type { Page } from "@playwright/test";
import {
  addToCart,
  cartButton,
  cartOnServer,
  drawerOf,
  holdUntil,
  hydration,
  lineOf,
  mailsWhere,
  newsletterMembers,
  openRightAfterPaint,
  RATES,
  unique,
  visitorIp,
  watchPosts,
} from "./early-input-helpers";
import { earlyInputSuite, expect, test } from "./early-input-suite";

// Nothing a shopper types or clicks right after the page shows is lost (decision 001 hydrates the
// page after it is painted): the shell's, the catalogue's and the cart's forms here, the contact,
// purchase-order and account forms in early-input-forms.spec.ts.
earlyInputSuite();

const PUMP = {
  title: "Davey SilensorPro SLS Pool Pump",
  variantId: "gid://shopify/ProductVariant/47100001",
};
const TESTER = {
  title: "LaMotte ColorQ Pro 7 Digital Tester",
  variantId: "gid://shopify/ProductVariant/47100062",
};
const SALT = {
  path: "/store/products/cheetham-pool-salt-20-kg",
  title: "Cheetham Pool Salt 20 kg",
};
const COURSE = {
  path: "/store/products/spa-maintenance-basics-online-course",
  title: "Spa Maintenance Basics (Online Course)",
};
const CART_POSTS = /^\/api\/cart(\.data)?$/;
const quantityOf = (page: Page, title: string) =>
  lineOf(page, title).getByRole("spinbutton", { name: `Quantity of ${title}` });

for (const rate of RATES) {
  test(`newsletter sign-up typed right after paint is kept and sent once (CPU ${rate}×)`, async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": visitorIp() });
    const email = `early-input-${unique()}@example.com`;
    const posts = watchPosts(page, /^\/api\/newsletter(\.data)?$/);
    // The footer's code (decision 001: the shell hydrates after the page) arrives once the address
    // is typed, as on a slow network: without that, whether it comes before or after the first
    // key depends on the machine's load.
    const footerCode = holdUntil(page, /\/assets\/shell-parts-[\w-]+\.js$/);
    await openRightAfterPaint(page, "/news", rate);
    const footer = page.getByRole("contentinfo");
    // Typed at a shopper's pace, 100 ms a key.
    await footer
      .getByRole("textbox", { name: "Email address" })
      .pressSequentially(email, { delay: 100 });
    footerCode.release();
    await footer.getByRole("button", { name: "Subscribe" }).click();

    await expect(footer.getByRole("status")).toHaveText(
      "Thanks! Check your inbox and click the link to confirm your subscription.",
    );
    await expect
      .poll(() => newsletterMembers(page.request, email))
      .toEqual([{ email, status: "pending" }]);
    await expect
      .poll(async () => (await mailsWhere(page.request, (mail) => mail.to === email)).length, {
        timeout: 15_000,
      })
      .toBe(1);
    await posts.settled();
    expect(posts.sent(), "posts of the sign-up").toHaveLength(1);
  });

  test(`header search typed right after paint opens its results (CPU ${rate}×)`, async ({
    page,
  }) => {
    await openRightAfterPaint(page, "/", rate);
    const box = page.getByRole("banner").getByRole("combobox", { name: "Search products" });
    await box.fill("chlorine");
    await box.press("Enter");

    await expect(page).toHaveURL(/\/search\?q=chlorine$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results");
    await expect(page.getByRole("main").getByRole("status")).toContainText(
      /\d+ results? for “chlorine”/,
    );
    await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
  });

  test(`a quantity typed right after paint is the quantity added to the cart (CPU ${rate}×)`, async ({
    page,
    context,
  }) => {
    const posts = watchPosts(page, CART_POSTS);
    await openRightAfterPaint(page, SALT.path, rate);
    const main = page.getByRole("main");
    const quantity = main.getByRole("spinbutton", { name: "Quantity" });
    await quantity.fill("3");
    // The typed quantity is still there once the page has hydrated. (Pressed before, Add to cart
    // races with hydration: a plain form post sends 3, a held press whichever the field holds.)
    await hydration(page);
    await expect(quantity).toHaveValue("3");
    await main.getByRole("button", { name: "Add to cart" }).click();

    await posts.settled();
    const tab = await cartOnServer(context);
    await expect(quantityOf(tab, SALT.title)).toHaveValue("3");
    await expect(tab.getByRole("button", { name: "Open cart, 3 items" }).first()).toBeAttached();
    await tab.close();
    await expect(page.getByRole("button", { name: "Open cart, 3 items" }).first()).toBeAttached();
    expect(posts.sent(), "posts to the cart").toHaveLength(1);
  });

  test(`an option chosen right after paint is the variant added to the cart (CPU ${rate}×)`, async ({
    page,
    context,
  }) => {
    const posts = watchPosts(page, CART_POSTS);
    await openRightAfterPaint(page, "/store/products/davey-silensorpro-sls-pool-pump", rate);
    const power = page.getByRole("group", { name: /^Power/ });
    await power.getByRole("link", { name: "1.1 kW" }).click();

    await expect(page).toHaveURL(/\?variant=47100002$/);
    await expect(power).toHaveAccessibleName("Power: 1.1 kW");
    await expect(page.getByTestId("sku")).toHaveText("DAV-SLS-11KW");
    await page.getByRole("main").getByRole("button", { name: "Add to cart" }).click();

    await expect(page.getByRole("button", { name: "Open cart, 1 item" }).first()).toBeAttached();
    await posts.settled();
    expect(posts.sent(), "posts to the cart").toHaveLength(1);
    const tab = await cartOnServer(context);
    await expect(lineOf(tab, PUMP.title)).toHaveCount(1);
    await expect(lineOf(tab, PUMP.title)).toContainText("Power: 1.1 kW");
    await expect(quantityOf(tab, PUMP.title)).toHaveValue("1");
    await tab.close();
  });

  test(`presses of + and − in the drawer right after paint all count (CPU ${rate}×)`, async ({
    page,
    context,
  }) => {
    await addToCart(page, PUMP.variantId, 3);
    const posts = watchPosts(page, CART_POSTS);
    await openRightAfterPaint(page, "/store/collections/pumps", rate);
    await cartButton(page).click();
    const line = lineOf(page, PUMP.title);
    await line.getByRole("button", { name: `Increase quantity of ${PUMP.title}` }).click();
    await line.getByRole("button", { name: `Increase quantity of ${PUMP.title}` }).click();
    await line.getByRole("button", { name: `Decrease quantity of ${PUMP.title}` }).click();

    await expect(drawerOf(page)).toBeVisible();
    await expect(quantityOf(page, PUMP.title)).toHaveValue("4");
    await posts.settled();
    // A press made while the one before is on its way waits in the page for its answer, where the
    // posts cannot see it: the server's cart comes to 4 once it has gone, not at once.
    await expect(async () => {
      const tab = await cartOnServer(context);
      try {
        await expect(quantityOf(tab, PUMP.title)).toHaveValue("4", { timeout: 2_000 });
      } finally {
        await tab.close();
      }
    }).toPass({ timeout: 25_000 });
  });

  test(`a quantity typed in the drawer right after paint is the line's quantity (CPU ${rate}×)`, async ({
    page,
    context,
  }) => {
    await addToCart(page, PUMP.variantId, 3);
    const posts = watchPosts(page, CART_POSTS);
    await openRightAfterPaint(page, "/store/collections/pumps", rate);
    await cartButton(page).click();
    const input = quantityOf(page, PUMP.title);
    await input.fill("7");
    await input.press("Enter");

    await expect(drawerOf(page)).toBeVisible();
    await expect(quantityOf(page, PUMP.title)).toHaveValue("7");
    await posts.settled();
    expect(posts.sent(), "posts to the cart").toHaveLength(1);
    const tab = await cartOnServer(context);
    await expect(quantityOf(tab, PUMP.title)).toHaveValue("7");
    await tab.close();
  });

  test(`a line removed in the drawer right after paint is gone, the other kept (CPU ${rate}×)`, async ({
    page,
    context,
  }) => {
    await addToCart(page, PUMP.variantId, 3);
    await addToCart(page, TESTER.variantId, 1);
    const posts = watchPosts(page, CART_POSTS);
    await openRightAfterPaint(page, "/store/collections/pumps", rate);
    await cartButton(page).click();
    await lineOf(page, PUMP.title)
      .getByRole("button", { name: /^Remove/ })
      .click();

    await expect(lineOf(page, PUMP.title)).toBeHidden();
    await expect(page.getByRole("button", { name: "Open cart, 1 item" }).first()).toBeAttached();
    await posts.settled();
    expect(posts.sent(), "posts to the cart").toHaveLength(1);
    const tab = await cartOnServer(context);
    await expect(lineOf(tab, PUMP.title)).toHaveCount(0);
    await expect(quantityOf(tab, TESTER.title)).toHaveValue("1");
    await tab.close();
  });

  test(`course participants filled right after paint are booked once (CPU ${rate}×)`, async ({
    page,
    context,
  }) => {
    const name = `Ava Early ${unique()}`;
    const posts = watchPosts(page, CART_POSTS);
    await openRightAfterPaint(page, COURSE.path, rate);
    await page.getByRole("main").getByRole("button", { name: "Add to cart" }).click();
    const dialog = page.getByRole("dialog", { name: "Participants" });
    const participant = dialog.getByRole("group", { name: "Participant 1" });
    await participant.getByRole("textbox", { name: "Name" }).fill(name);
    await participant.getByRole("textbox", { name: "Email" }).fill("ava.early@example.com");
    await participant.getByRole("textbox", { name: "Phone" }).fill("0400 000 001");
    await dialog.getByRole("button", { name: "Add to cart" }).click();

    await expect(page.getByRole("button", { name: "Open cart, 1 item" }).first()).toBeAttached();
    await posts.settled();
    expect(posts.sent(), "posts to the cart").toHaveLength(1);
    const tab = await cartOnServer(context);
    const line = lineOf(tab, COURSE.title);
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(`Participant 1: ${name}`);
    await expect(line).toContainText("ava.early@example.com · 0400 000 001");
    await expect(line).toContainText("Quantity: 1");
    await tab.close();
  });

  test(`a sort chosen right after paint orders the collection (CPU ${rate}×)`, async ({ page }) => {
    await openRightAfterPaint(page, "/store/collections/pool-equipment", rate);
    const sort = page.getByRole("combobox", { name: "Sort by" });
    await sort.selectOption("Price, low to high");

    await expect(page).toHaveURL(/\/store\/collections\/pool-equipment\?sort=price-ascending$/);
    await expect(sort).toHaveValue("price-ascending");
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards.first().getByRole("heading")).toHaveText("Coral Bay Pool Wall Brush");
    await expect(cards.nth(1).getByRole("heading")).toHaveText("Coral Bay Heavy-Duty Leaf Rake");
  });

  test(`a tag chosen right after paint filters the collection (CPU ${rate}×)`, async ({ page }) => {
    await openRightAfterPaint(page, "/store/collections/pool-equipment", rate);
    const tags = page.getByRole("navigation", { name: "Filter by tag" });
    await tags.getByRole("link", { name: "heat pump", exact: true }).click();

    await expect(page).toHaveURL(/\/store\/collections\/pool-equipment\?tag=heat\+pump$/);
    await expect(tags.getByRole("link", { name: "heat pump", exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );
    const titles = page.getByRole("main").getByRole("article").getByRole("heading");
    await expect(titles).toHaveText([
      "Zodiac Z400 iQ Heat Pump",
      "Davey QuietHeat Heat Pump",
      "Hayward EnergyLine Pro Heat Pump",
    ]);
  });
}
