import { expect, GTM_ORIGIN, test, visit } from "./fixtures";

// Issue 12, item 2: Google Tag Manager with GTM_ID, allowed by the CSP and carrying the nonce;
// page views on client-side navigations, add_to_cart from the cart; no tag at all without it.
// Google's hosts are not reachable here: the test serves a stand-in gtm.js.

type DataLayer = Record<string, unknown>[];
const dataLayer = (page: import("@playwright/test").Page) =>
  page.evaluate(() => (window as unknown as { dataLayer?: DataLayer }).dataLayer ?? []);

test("with GTM_ID the tag loads under the CSP, with page views and add_to_cart", async ({
  page,
}) => {
  let loaded = "";
  await page.route("https://www.googletagmanager.com/**", (route) => {
    loaded = route.request().url();
    return route.fulfill({ contentType: "text/javascript", body: "window.gtmStandIn = true;" });
  });
  const response = await page.goto(`${GTM_ORIGIN}/store/collections/pumps`);
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect.poll(() => loaded).toContain("gtm.js?id=GTM-LAGOON1");
  expect(
    await page.evaluate(() => (window as unknown as { gtmStandIn?: boolean }).gtmStandIn),
  ).toBe(true);
  // The snippet and the script it added both carry the page's nonce.
  const nonces = await page.evaluate(() =>
    [...document.querySelectorAll("script")]
      .filter(
        (script) =>
          script.src.includes("googletagmanager") || script.textContent?.includes("gtm.start"),
      )
      .map((script) => script.nonce),
  );
  expect(nonces).toHaveLength(2);
  expect(nonces.every((nonce) => (nonce ?? "").length > 0)).toBe(true);
  expect((await dataLayer(page)).map((entry) => entry.event)).toContain("gtm.js");

  await page.getByRole("link", { name: "Davey SilensorPro SLS Pool Pump" }).first().click();
  await expect(page).toHaveURL(/\/store\/products\/davey-silensorpro-sls-pool-pump$/);
  await expect
    .poll(async () => (await dataLayer(page)).filter((entry) => entry.event === "page_view"))
    .toContainEqual(
      expect.objectContaining({ page_path: "/store/products/davey-silensorpro-sls-pool-pump" }),
    );

  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect
    .poll(async () => (await dataLayer(page)).find((entry) => entry.event === "add_to_cart"))
    .toMatchObject({
      ecommerce: { items: [{ item_id: "gid://shopify/ProductVariant/47100001", quantity: 1 }] },
    });
});

test("without GTM_ID there is no tag and the CSP allows no Google host", async ({ page }) => {
  const response = await visit(page, "/");
  const html = await page.content();
  expect(html).not.toContain("googletagmanager");
  expect(response?.headers()["content-security-policy"]).not.toContain("googletagmanager");
});
