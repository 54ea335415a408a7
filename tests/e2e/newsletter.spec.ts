import { randomInt, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, visit } from "./fixtures";

// product §7: the footer's sign-up subscribes through the email-marketing provider (here its
// emulator) with double opt-in; the confirmation email's link lands on /mailing-list-confirmation.

const CHECK_INBOX = "Thanks! Check your inbox and click the link to confirm your subscription.";
const ALREADY_SUBSCRIBED = "You're already subscribed. Thanks for reading!";
const INVALID = "Please enter a valid email address, like name@example.com.";
const TOO_MANY = "Too many sign-up attempts. Please wait a few minutes and try again.";

const newAddress = () => `reader-${randomUUID().slice(0, 12)}@example.com`;

// Each test signs up from an address of its own (a documentation range the server's proxy
// settings do not trust away), so the per-IP limit of product §9 counts its submissions only.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({
    "X-Forwarded-For": `203.0.${randomInt(256)}.${randomInt(1, 255)}`,
  });
});

function footerForm(page: Page) {
  const footer = page.getByRole("contentinfo");
  return {
    email: footer.getByRole("textbox", { name: "Email address" }),
    subscribe: footer.getByRole("button", { name: "Subscribe" }),
    outcome: footer.getByRole("status"),
  };
}

/** The confirm link of the confirmation email the mail emulator received for `email`. */
async function confirmLinkFor(page: Page, email: string): Promise<string> {
  let link = "";
  await expect(async () => {
    const messages = (await (await page.request.get("/_emulators/mail/messages.json")).json()) as {
      to: string;
      subject: string;
      text: string;
    }[];
    const confirmation = messages.find((message) => message.to === email);
    expect(confirmation?.subject).toBe("Please confirm your subscription");
    link = /https?:\/\/\S+\/confirm\/\S+/.exec(confirmation?.text ?? "")?.[0] ?? "";
    expect(link).not.toBe("");
  }).toPass({ timeout: 10_000 });
  return link;
}

async function confirmFromEmail(page: Page, email: string) {
  await page.goto(await confirmLinkFor(page, email));
  await expect(page).toHaveURL(/\/mailing-list-confirmation$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're on the list");
}

test.describe("with JavaScript", () => {
  // The sign-up answers 400 for an address the provider refuses; the browser logs that status.
  test.use({ allowConsoleError: /status of 400/ });

  test("a shopper subscribes in the footer, confirms from the email, and is told they are on", async ({
    page,
  }) => {
    const email = newAddress();
    await visit(page, "/testimonials");
    const form = footerForm(page);
    // The page stays as it is: no reload, the answer shows beside the form.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await form.email.fill(email);
    await form.subscribe.click();
    await expect(form.outcome).toHaveText(CHECK_INBOX);
    await expect(form.email).toHaveValue("");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    await expectAccessible(page);

    await confirmFromEmail(page, email);

    await visit(page, "/");
    await form.email.fill(email);
    await form.subscribe.click();
    await expect(form.outcome).toHaveText(ALREADY_SUBSCRIBED);
  });

  test("an address the provider refuses keeps what was typed and says why", async ({ page }) => {
    await visit(page, "/");
    const form = footerForm(page);
    // A browser takes `a@b` as an email address; the provider does not.
    await form.email.fill("a@b");
    await form.subscribe.click();
    await expect(form.outcome).toHaveText(INVALID);
    await expect(form.email).toHaveValue("a@b");
    await expect(form.email).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-up is a plain form post that comes back to the page with its answer", async ({
    page,
  }) => {
    const email = newAddress();
    await page.goto("/testimonials");
    const form = footerForm(page);
    await form.email.fill(email);
    await form.subscribe.click();
    await expect(page).toHaveURL(/\/testimonials#newsletter$/);
    await expect(form.outcome).toHaveText(CHECK_INBOX);

    await confirmFromEmail(page, email);

    await page.goto("/");
    await form.email.fill(email);
    await form.subscribe.click();
    await expect(form.outcome).toHaveText(ALREADY_SUBSCRIBED);
    // Shown once: the next page has no answer left over.
    await page.reload();
    await expect(form.outcome).toHaveText("");
  });

  test("a refused address comes back typed, with the error, and the limit stops a flood", async ({
    page,
  }) => {
    await page.goto("/");
    const form = footerForm(page);
    await form.email.fill("a@b");
    await form.subscribe.click();
    await expect(form.outcome).toHaveText(INVALID);
    await expect(form.email).toHaveValue("a@b");

    // product §9: five sign-ups per IP address in ten minutes; the sixth is refused.
    for (let attempt = 2; attempt <= 6; attempt++) {
      await Promise.all([page.waitForEvent("load"), form.subscribe.click()]);
    }
    await expect(form.outcome).toHaveText(TOO_MANY);
    await expect(form.email).toHaveValue("a@b");
  });
});
