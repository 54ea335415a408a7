import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test, visit } from "./fixtures";

// Issue 12, item 6: a quote-only product's "Request a quote" leads to the contact form with the
// product on it; the enquiry reaches the shop's staff by email, with and without JavaScript.

const FILTER = {
  handle: "waterco-commercial-sand-filter-1200-mm",
  title: "Waterco Commercial Sand Filter 1200 mm",
};

interface EmulatedMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string | null;
}

// Each test writes from an address of its own (the server trusts X-Forwarded-For from loopback),
// so the per-visitor limit never couples tests or repeated runs against a reused server. Only the
// page poses as that visitor: the staff's mail is read as the operator, on the shop's machine
// (decision 010).
const visitorIp = () => `203.0.113.${1 + Math.floor(Math.random() * 254)}`;
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": visitorIp() });
});

// The browser logs the form's answers with mistakes (400).
test.use({ allowConsoleError: /status of 400 / });

/** A name nobody else's test uses, to find this test's email. */
const uniqueName = (first: string) => `${first} ${Date.now().toString(36)}`;

/** The staff email about `name`'s enquiry, once the outbox worker (polling each second) sent it. */
async function staffMailFrom(request: APIRequestContext, name: string): Promise<EmulatedMail> {
  let found: EmulatedMail | undefined;
  await expect(async () => {
    const messages: EmulatedMail[] = await (
      await request.get("/_emulators/mail/messages.json")
    ).json();
    found = messages.find((message) => message.subject.endsWith(`from ${name}`));
    expect(found).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return found as EmulatedMail;
}

const enquiryForm = (page: Page) => page.getByRole("region", { name: /Request a quote|Send us/ });

test("a quote request goes from the product page to the shop's staff", async ({ page }) => {
  await visit(page, `/store/products/${FILTER.handle}`);
  await page.getByRole("link", { name: "Request a quote" }).click();
  await expect(page).toHaveURL(`/contact?product=${FILTER.handle}`);

  const form = enquiryForm(page);
  await expect(form.getByRole("heading", { name: "Request a quote" })).toBeVisible();
  await expect(form.getByRole("link", { name: FILTER.title })).toHaveAttribute(
    "href",
    `/store/products/${FILTER.handle}`,
  );
  await expect(form.getByLabel("Message")).toHaveValue(`I'd like a quote for the ${FILTER.title}.`);
  await expectAccessible(page);

  const name = uniqueName("Ava");
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill("ava@example");
  await form.getByLabel("Phone (optional)").fill("0400 000 001");
  await form.getByLabel("Message").fill(`I'd like a quote for the ${FILTER.title}, installed.`);
  await form.getByRole("button", { name: "Request a quote" }).click();

  // The mistake is beside its field, which takes the focus; what was typed stays.
  const email = form.getByLabel("Email");
  await expect(email).toHaveAccessibleDescription("Enter a valid email address");
  await expect(email).toBeFocused();
  await expect(form.getByLabel("Name")).toHaveValue(name);
  await expectAccessible(page);

  // While the enquiry is on its way, the button says so and cannot be pressed again.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/contact\.data/, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await email.fill("ava@example.com");
  await form.getByRole("button", { name: "Request a quote" }).click();
  await expect(form.getByRole("button", { name: "Sending…" })).toBeDisabled();
  release();

  await expect(page).toHaveURL("/thank-you");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you");
  await expect(page.getByText("We've received your message")).toBeVisible();

  const mail = await staffMailFrom(page.request, name);
  expect(mail.to).toBe("staff@lagoon.example");
  expect(mail.subject).toBe(`Quote request for ${FILTER.title} from ${name}`);
  expect(mail.replyTo).toBe("ava@example.com");
  expect(mail.text).toContain("Phone: 0400 000 001");
  expect(mail.text).toMatch(
    new RegExp(`Product: ${FILTER.title} — http://\\S+/store/products/${FILTER.handle}`),
  );
  expect(mail.text).toContain(`I'd like a quote for the ${FILTER.title}, installed.`);
});

test("an unknown product is left off the form", async ({ page }) => {
  await visit(page, "/contact?product=no-such-product");
  const form = enquiryForm(page);
  await expect(form.getByRole("heading", { name: "Send us a message" })).toBeVisible();
  await expect(form.getByLabel("Message")).toHaveValue("");
  await expect(form.getByRole("button", { name: "Send enquiry" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("mistakes come back with 400 and what was typed, and the corrected form is sent", async ({
    page,
  }) => {
    await page.goto(`/contact?product=${FILTER.handle}`);
    const form = enquiryForm(page);
    await form.getByLabel("Email").fill("not an email");
    await form.getByLabel("Message").fill("");
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await form.getByRole("button", { name: "Request a quote" }).click();
    expect((await answer).status()).toBe(400);

    await expect(form.getByLabel("Name")).toHaveAccessibleDescription("Enter your name");
    await expect(form.getByLabel("Name")).toBeFocused();
    await expect(form.getByLabel("Email")).toHaveAccessibleDescription(
      "Enter a valid email address",
    );
    await expect(form.getByLabel("Message")).toHaveAccessibleDescription("Enter your message");
    await expect(form.getByLabel("Email")).toHaveValue("not an email");
    await expect(form.getByRole("link", { name: FILTER.title })).toBeVisible();

    const name = uniqueName("Noah");
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill("noah@example.com");
    await form.getByLabel("Message").fill("Please quote for two filters.");
    await form.getByRole("button", { name: "Request a quote" }).click();
    await expect(page).toHaveURL("/thank-you");
    await expect(page.getByText("We've received your message")).toBeVisible();
    const mail = await staffMailFrom(page.request, name);
    expect(mail.subject).toBe(`Quote request for ${FILTER.title} from ${name}`);
  });

  test("a filled honeypot is thanked and sends nothing", async ({ page }) => {
    await page.goto("/contact");
    const bot = uniqueName("Bot");
    const form = enquiryForm(page);
    await form.getByLabel("Name").fill(bot);
    await form.getByLabel("Email").fill("bot@example.com");
    await form.getByLabel("Message").fill("Cheap links for your site");
    await form.locator('input[name="website"]').fill("https://spam.example", { force: true });
    await form.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page).toHaveURL("/thank-you");

    // A real enquiry sent after it arrives; the bot's, stored first, would have arrived before.
    await page.goto("/contact");
    const person = uniqueName("Mia");
    await form.getByLabel("Name").fill(person);
    await form.getByLabel("Email").fill("mia@example.com");
    await form.getByLabel("Message").fill("Do you service spas?");
    await form.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page).toHaveURL("/thank-you");
    expect((await staffMailFrom(page.request, person)).subject).toBe(`Enquiry from ${person}`);
    const messages: EmulatedMail[] = await (
      await page.request.get("/_emulators/mail/messages.json")
    ).json();
    expect(messages.filter((message) => message.subject.includes(bot))).toEqual([]);
  });
});
