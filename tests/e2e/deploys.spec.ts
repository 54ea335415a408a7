import { expect, test, visit } from "./fixtures";

// Issue 12, item 3: a code chunk that fails to load (a new deploy removed it) reloads the page
// once; a second failure within 10 s stops there: the drawer (which lives outside every route's
// error boundary) says the cart cannot be shown, instead of a bare "Application Error".

const PUMP = "gid://shopify/ProductVariant/47100001";

// The blocked chunk, and React reporting the drawer part it could not hydrate (#520).
test.use({
  allowConsoleError:
    /cart-contents|Failed to fetch dynamically imported module|net::ERR_FAILED|React error #520/i,
});

test("a missing chunk reloads the page once, then the drawer says so", async ({ page }) => {
  await visit(page, "/");
  const response = await page.request.post("/api/cart", {
    form: { intent: "add", merchandiseId: PUMP, quantity: "1" },
  });
  expect(response.status()).toBe(200);

  // From now on the cart's lines chunk is gone, as after a deploy.
  await page.route(/\/assets\/cart-contents-[\w-]+\.js$/, (route) => route.abort());
  // Documents the page asks for: the reload, then the guard's own (which may come before the
  // first one's load event, so load events cannot be counted).
  let documents = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
  });
  await page.reload();
  await expect.poll(() => documents, { timeout: 15_000 }).toBe(2);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

  await page
    .getByRole("button", { name: /^Open cart/ })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: "Your cart" })).toContainText(
    "Your cart could not be shown just now.",
    { timeout: 15_000 },
  );
  await expect(page.getByRole("heading", { name: "Application Error" })).toHaveCount(0);
  // The first load failed and reloaded once; the second failure stopped there (no loop).
  expect(documents).toBe(2);
  expect(await page.evaluate(() => sessionStorage.getItem("lagoon:chunk-reload"))).toMatch(/^\d+$/);
});
