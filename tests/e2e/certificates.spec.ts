import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { CUSTOMERS, signIn } from "./account-helpers";
import { expect, expectAccessible, test } from "./fixtures";

const POPUP_BLOCKED =
  "Pop-up blocked. Please allow pop-ups for this site to download certificates.";

/** Liam's demo record (demo/customers/liam-oconnor-trainee.json), course by course. */
const LIAM_COURSES = {
  "Pool Operations Certificate": "Completed",
  "Water Chemistry Fundamentals": "Completed",
  "Pool Safety and Compliance Workshop": "Completed",
  "Pump and Filter Servicing Hands-on": "Completed",
  "Commercial Pool Plant Room Training": "In progress",
  "Spa Maintenance Basics": "In progress",
} as const;

const certificatesSection = (page: Page) => page.getByRole("region", { name: "Certificates" });
const card = (page: Page, course: string) =>
  certificatesSection(page).getByRole("article", { name: course });

async function openAccount(page: Page, customer: string) {
  await signIn(page, customer);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(certificatesSection(page)).toBeVisible();
}

test.describe("certificates in the account", () => {
  test("Liam sees his six courses with their status, details and course pages", async ({
    page,
  }) => {
    await openAccount(page, CUSTOMERS.trainee);
    await expect(certificatesSection(page).getByRole("article")).toHaveCount(6);
    for (const [course, status] of Object.entries(LIAM_COURSES)) {
      const entry = card(page, course);
      await expect(entry.getByText(status, { exact: true })).toBeVisible();
      await expect(entry.getByRole("link", { name: "View certificate" })).toHaveCount(
        status === "Completed" ? 1 : 0,
      );
      await expect(entry.getByRole("link", { name: "Download PDF" })).toHaveCount(
        status === "Completed" ? 1 : 0,
      );
    }
    const pool = card(page, "Pool Operations Certificate");
    await expect(pool.getByText("15 August 2025")).toBeVisible();
    await expect(pool.getByText("Online course")).toBeVisible();
    await expect(pool.getByRole("link", { name: "Course page" })).toHaveAttribute(
      "href",
      "/training-centre/pool-operations-certificate",
    );
    const plantRoom = card(page, "Commercial Pool Plant Room Training");
    await expect(plantRoom.getByText("Next session")).toBeVisible();
    await expect(plantRoom.getByText("Instructor")).toBeVisible();
    await expect(card(page, "Spa Maintenance Basics").getByText("1 September 2026")).toBeVisible();

    await expectAccessible(page);
  });

  test("the certificate links open in a new tab without JavaScript and download the PDF", async ({
    page,
  }) => {
    await openAccount(page, CUSTOMERS.trainee);
    const pool = card(page, "Pool Operations Certificate");
    const view = pool.getByRole("link", { name: "View certificate" });
    await expect(view).toHaveAttribute("target", "_blank");
    const href = new URL((await view.getAttribute("href")) ?? "", page.url());
    expect(href.pathname).toBe("/certificate/pool-operations-certificate");
    expect(Object.fromEntries(href.searchParams)).toEqual({
      name: "Liam O'Connor",
      date: "2025-08-15",
    });

    const pdfLink = pool.getByRole("link", { name: "Download PDF" });
    await expect(pdfLink).toHaveAttribute("download", "");
    const download = await page.request.get((await pdfLink.getAttribute("href")) ?? "");
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("application/pdf");
    expect(download.headers()["content-disposition"]).toMatch(/^attachment;/);
    const pdf = await getDocumentProxy(new Uint8Array(await download.body()));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain("Liam O'Connor");
    expect(text).toContain("Pool Operations Certificate");
  });
});

test.describe("the certificate pop-up", () => {
  test("View certificate opens a 1000x700 pop-up with the certificate", async ({ page }) => {
    await openAccount(page, CUSTOMERS.trainee);
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      card(page, "Water Chemistry Fundamentals")
        .getByRole("link", { name: "View certificate" })
        .click(),
    ]);
    await popup.waitForLoadState();
    const url = new URL(popup.url());
    expect(url.pathname).toBe("/certificate/water-chemistry-fundamentals");
    expect(url.searchParams.get("name")).toBe("Liam O'Connor");
    const sheet = popup.getByRole("article", { name: "Certificate of Completion" });
    await expect(sheet).toContainText("Liam O'Connor");
    await expect(sheet).toContainText("Water Chemistry Fundamentals");
    // A tab opened by the link alone would have the context's 1280x720.
    expect(popup.viewportSize()).toEqual({ width: 1000, height: 700 });
    expect(
      await popup.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight })),
    ).toEqual({ width: 1000, height: 700 });
    await expect(certificatesSection(page).getByRole("alert")).toHaveText("");
  });

  test("a blocked pop-up says so, in the words of product §8", async ({ page }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await openAccount(page, CUSTOMERS.trainee);
    await card(page, "Pool Operations Certificate")
      .getByRole("link", { name: "View certificate" })
      .click();
    await expect(certificatesSection(page).getByRole("alert")).toHaveText(POPUP_BLOCKED);
    await expect(page).toHaveURL(/\/account$/);
    await expectAccessible(page);
  });
});

test("Olivia has no courses: a sentence and the way to the training centre", async ({ page }) => {
  await openAccount(page, CUSTOMERS.everyday);
  const section = certificatesSection(page);
  await expect(section.getByRole("article")).toHaveCount(0);
  await expect(section.getByText("You haven't taken a course with us yet.")).toBeVisible();
  await expect(section.getByRole("link", { name: "Explore the Training Centre" })).toHaveAttribute(
    "href",
    "/training-centre",
  );
  await expectAccessible(page);
});
