import { CUSTOMERS, signIn } from "./account-helpers";
import {
  addToCart,
  holdUntil,
  hydration,
  openRightAfterPaint,
  purchaseOrders,
  RATES,
  theOneMailWhere,
  unique,
  visitorIp,
  watchPosts,
} from "./early-input-helpers";
import { earlyInputSuite, expect, test } from "./early-input-suite";

// Nothing a shopper types or clicks right after the page shows is lost: the contact,
// purchase-order and account forms (the others are in early-input.spec.ts).
earlyInputSuite();

const QUOTE_FILTER = {
  handle: "waterco-commercial-sand-filter-1200-mm",
  title: "Waterco Commercial Sand Filter 1200 mm",
  variantId: "gid://shopify/ProductVariant/47100229",
};
const SOPHIE = { firstName: "Sophie", lastName: "Harrington" };
/** The staff's email of a quote request for the filter from `name`. */
const quoteRequestFrom = (name: string) => (mail: { subject: string }) =>
  mail.subject === `Quote request for ${QUOTE_FILTER.title} from ${name}`;

for (const rate of RATES) {
  test(`an enquiry typed right after paint reaches the staff once (CPU ${rate}×)`, async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": visitorIp() });
    const name = `Noah Early ${unique()}`;
    const message = `Do you service spas? (${name})`;
    const posts = watchPosts(page, /^\/contact(\.data)?$/);
    await openRightAfterPaint(page, "/contact", rate);
    const form = page.getByRole("region", { name: "Send us a message" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill("noah.early@example.com");
    await form.getByLabel("Message").fill(message);
    await form.getByRole("button", { name: "Send enquiry" }).click();

    await expect(page).toHaveURL("/thank-you");
    await expect(page.getByText("We've received your message")).toBeVisible();
    const mine = (mail: { subject: string }) => mail.subject === `Enquiry from ${name}`;
    const mail = await theOneMailWhere(page.request, mine);
    expect(mail?.replyTo).toBe("noah.early@example.com");
    expect(mail?.text).toContain(message);
    expect(posts.sent(), "posts of the enquiry").toHaveLength(1);
  });

  test(`a quote request typed right after paint reaches the staff once (CPU ${rate}×)`, async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": visitorIp() });
    const name = `Mia Early ${unique()}`;
    const message = `Two filters, installed, please. (${name})`;
    const posts = watchPosts(page, /^\/contact(\.data)?$/);
    await openRightAfterPaint(page, `/store/products/${QUOTE_FILTER.handle}`, rate);
    await page.getByRole("link", { name: "Request a quote" }).click();

    await expect(page).toHaveURL(`/contact?product=${QUOTE_FILTER.handle}`);
    const form = page.getByRole("region", { name: "Request a quote" });
    await expect(form.getByRole("link", { name: QUOTE_FILTER.title })).toBeVisible();
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill("mia.early@example.com");
    await form.getByLabel("Message").fill(message);
    await form.getByRole("button", { name: "Request a quote" }).click();

    await expect(page).toHaveURL("/thank-you");
    const mail = await theOneMailWhere(page.request, quoteRequestFrom(name));
    expect(mail?.text).toContain(message);
    expect(posts.sent(), "posts of the quote request").toHaveLength(1);
  });

  test(`a prefilled quote message typed over before the page's code wakes is the one sent (CPU ${rate}×)`, async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": visitorIp() });
    const name = `Ava Early ${unique()}`;
    const message = `Only the 1200 mm one, thanks. (${name})`;
    // React sets a textarea with a default text back to it as it hydrates: the form's code comes
    // once the message is typed, as on a slow network, so the typing is always before it.
    const contactCode = holdUntil(page, /\/assets\/contact-[\w-]+\.js$/);
    await openRightAfterPaint(page, `/contact?product=${QUOTE_FILTER.handle}`, rate);
    const form = page.getByRole("region", { name: "Request a quote" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill("ava.early@example.com");
    await expect(form.getByLabel("Message")).toHaveValue(
      `I'd like a quote for the ${QUOTE_FILTER.title}.`,
    );
    await form.getByLabel("Message").fill(message);
    contactCode.release();
    await hydration(page);
    await expect(form.getByLabel("Message")).toHaveValue(message);
    await form.getByRole("button", { name: "Request a quote" }).click();

    await expect(page).toHaveURL("/thank-you");
    const mail = await theOneMailWhere(page.request, quoteRequestFrom(name));
    expect(mail?.text).toContain(message);
  });

  test(`a purchase order filled right after paint is placed once (CPU ${rate}×)`, async ({
    page,
  }) => {
    await signIn(page, CUSTOMERS.commercial, { returnTo: "/" });
    await addToCart(page, QUOTE_FILTER.variantId, 1);
    const reference = `EARLY-${rate}-${unique()}`;
    const posts = watchPosts(page, /^\/purchase-order-checkout(\.data)?$/);
    await openRightAfterPaint(page, "/purchase-order-checkout", rate);
    await page.getByRole("textbox", { name: "Purchase order reference" }).fill(reference);
    await page.getByRole("textbox", { name: "Notes (optional)" }).fill(`Notes of ${reference}`);
    await page.getByRole("button", { name: "Submit purchase order" }).click();

    await expect(page).toHaveURL(/\/po-thank-you\?order=/);
    await expect(page.getByText(`Reference ${reference}`)).toBeVisible();
    const placed = (await purchaseOrders(page.request)).filter(
      (order) => order.reference === reference,
    );
    expect(placed, "purchase orders with the reference").toHaveLength(1);
    expect(posts.sent(), "posts of the purchase order").toHaveLength(1);
  });

  test(`a name typed in the account right after paint is saved once (CPU ${rate}×)`, async ({
    page,
    context,
  }) => {
    await signIn(page, CUSTOMERS.vip);
    const lastName = `Harrington-${unique()}`;
    const posts = watchPosts(page, /^\/account(\.data)?$/);
    try {
      await openRightAfterPaint(page, "/account", rate);
      const profile = page.getByRole("region", { name: "Profile" });
      await profile.getByLabel("Last name").fill(lastName);
      await profile.getByRole("button", { name: "Save name" }).click();

      await posts.settled();
      await hydration(page);
      await expect(profile.getByLabel("Last name")).toHaveValue(lastName);
      expect(posts.sent(), "posts of the name").toHaveLength(1);
      const tab = await context.newPage();
      await tab.goto("/account");
      await expect(
        tab.getByRole("region", { name: "Profile" }).getByLabel("Last name"),
      ).toHaveValue(lastName);
      await tab.close();
    } finally {
      // Other tests sign in as "Sophie Harrington": give her name back.
      const restored = await page.request.post("/api/customer/update-name", { data: SOPHIE });
      expect(restored.status()).toBe(200);
    }
  });

  test(`an address typed in the account right after paint is saved once (CPU ${rate}×)`, async ({
    page,
    context,
  }) => {
    await signIn(page, CUSTOMERS.vip);
    const street = `${rate} Early Input Lane ${unique()}`;
    const posts = watchPosts(page, /^\/account(\.data)?$/);
    await openRightAfterPaint(page, "/account", rate);
    const book = page.getByRole("region", { name: "Addresses" });
    await book.getByText("Add a new address").click();
    await book.getByLabel("Street address").fill(street);
    await book.getByLabel("Suburb or city").fill("Palm Beach");
    await book.getByLabel("Postcode").fill("4221");
    await book.getByRole("button", { name: "Save address" }).click();

    const saved = book.getByRole("listitem").filter({ hasText: street });
    await expect(saved).toHaveCount(1);
    await posts.settled();
    expect(posts.sent(), "posts of the address").toHaveLength(1);
    const tab = await context.newPage();
    await tab.goto("/account");
    const kept = tab
      .getByRole("region", { name: "Addresses" })
      .getByRole("listitem")
      .filter({ hasText: street });
    await expect(kept).toHaveCount(1);
    await expect(kept).toContainText("Palm Beach");
    const addressId = await kept.locator('input[name="addressId"]').first().inputValue();
    await tab.close();
    const deleted = await page.request.post("/api/customer/delete-address", {
      data: { addressId },
    });
    expect(deleted.status()).toBe(200);
  });
}
