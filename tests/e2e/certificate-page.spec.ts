import type { APIResponse } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { CUSTOMERS, signIn } from "./account-helpers";
import { expect, expectAccessible, test, visit } from "./fixtures";

// product §2: /certificate/{course}, its PDF and /certificate/verify/{code}. Liam O'Connor, the
// demo trainee, completed the Pool Operations Certificate on 15 August 2025.
const COURSE = "Pool Operations Certificate";
const CERTIFICATE = "/certificate/pool-operations-certificate";
const VERIFY_URL = /https?:\/\/\S+\/certificate\/verify\/LGN-[0-9A-Z]{4}-[0-9A-Z]{4}/;

async function readPdf(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  const [, , width, height] = (await pdf.getPage(1)).view;
  return { pages: pdf.numPages, text, landscape: (width ?? 0) > (height ?? 0) };
}

function expectPdfDownload(response: APIResponse) {
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toBe(
    'attachment; filename="certificate-pool-operations-certificate.pdf"',
  );
}

test.describe("certificates", () => {
  test.use({ allowConsoleError: /status of 404/ });

  test("Liam opens his certificate, downloads the PDF, and its code verifies", async ({ page }) => {
    await signIn(page, CUSTOMERS.trainee);
    // ?date= cannot change the completion date, nor ?name= print a stranger's name.
    const response = await visit(
      page,
      `${CERTIFICATE}?name=${encodeURIComponent("Someone Else")}&date=1999-01-01`,
    );
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toContain("private");
    expect(response?.headers()["x-robots-tag"]).toBe("noindex");
    const sheet = page.getByRole("article", { name: "Certificate of Completion" });
    await expect(sheet).toContainText("Liam O'Connor");
    await expect(sheet).not.toContainText("Someone Else");
    await expect(sheet).toContainText(COURSE);
    await expect(sheet).toContainText("Completed on 15 August 2025");
    await expect(sheet).toContainText("Coral Bay Pool & Spa");
    await expect(sheet.getByRole("img", { name: /QR code/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
    await page.screenshot({ path: "test-results/certificate-page.png", fullPage: true });
    const pageCode = (await sheet.getByText(/^LGN-/).textContent()) ?? "";

    const href =
      (await page.getByRole("link", { name: "Download PDF" }).getAttribute("href")) ?? "";
    const download = await page.request.get(href);
    expectPdfDownload(download);
    const pdf = await readPdf(await download.body());
    expect(pdf.pages).toBe(1);
    expect(pdf.landscape).toBe(true);
    expect(pdf.text).toContain("Liam O'Connor");
    expect(pdf.text).toContain(COURSE);
    expect(pdf.text).toContain(pageCode);

    const verifyUrl = pdf.text.match(VERIFY_URL)?.[0] ?? "";
    expect(verifyUrl).toContain(pageCode);
    await visit(page, new URL(verifyUrl).pathname);
    const result = page.getByRole("region", { name: "Genuine certificate" });
    await expect(result).toContainText("Liam O'Connor");
    await expect(result).toContainText(COURSE);
    await expect(result).toContainText("15 August 2025");
    await expect(result).toContainText("Coral Bay Pool & Spa");
  });

  test("from the account, View certificate pops up his certificate and Download PDF gets it", async ({
    page,
  }) => {
    await signIn(page, CUSTOMERS.trainee);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const card = page
      .getByRole("region", { name: "Certificates" })
      .getByRole("article", { name: COURSE });
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      card.getByRole("link", { name: "View certificate" }).click(),
    ]);
    expect(popup.viewportSize()).toEqual({ width: 1000, height: 700 });
    const sheet = popup.getByRole("article", { name: "Certificate of Completion" });
    await expect(sheet).toContainText("Liam O'Connor");
    await expect(sheet).toContainText(COURSE);
    await popup.screenshot({ path: "test-results/certificate-popup.png" });

    const href =
      (await card.getByRole("link", { name: "Download PDF" }).getAttribute("href")) ?? "";
    const download = await page.request.get(href);
    expectPdfDownload(download);
    expect((await readPdf(await download.body())).text).toContain("Liam O'Connor");
  });

  test("the certificate prints on one landscape A4 page, without the shop around it", async ({
    page,
  }) => {
    await signIn(page, CUSTOMERS.trainee);
    await visit(page, CERTIFICATE);
    const printed = await readPdf(
      await page.pdf({ format: "A4", landscape: true, preferCSSPageSize: true }),
    );
    expect(printed.pages).toBe(1);
    expect(printed.landscape).toBe(true);
    expect(printed.text).toContain("Liam O'Connor");
    expect(printed.text).toContain(COURSE);
    expect(printed.text).not.toContain("Download PDF");
    expect(printed.text).not.toContain("My Account");
    await page.setViewportSize({ width: 1123, height: 794 });
    await page.emulateMedia({ media: "print" });
    await page.screenshot({ path: "test-results/certificate-print.png", fullPage: true });
  });

  test("a shared link opens the certificate for anyone; a tampered one answers 404", async ({
    page,
    browser,
  }) => {
    await signIn(page, CUSTOMERS.trainee);
    await page.goto(CERTIFICATE);
    const shared = await page
      .getByRole("textbox", { name: "Link to this certificate" })
      .inputValue();
    expect(shared).toMatch(/\?code=LGN-.+&expires=\d+&sig=/);

    const stranger = await browser.newContext();
    try {
      const anonymous = await stranger.newPage();
      const opened = await anonymous.goto(shared);
      expect(opened?.status()).toBe(200);
      await expect(anonymous.getByRole("article")).toContainText("Liam O'Connor");
      expectPdfDownload(
        await anonymous.request.get(
          (await anonymous.getByRole("link", { name: "Download PDF" }).getAttribute("href")) ?? "",
        ),
      );

      const url = new URL(shared);
      const code = url.searchParams.get("code") ?? "";
      url.searchParams.set("code", `${code.slice(0, -1)}${code.endsWith("0") ? "1" : "0"}`);
      const tampered = await anonymous.goto(url.toString());
      expect(tampered?.status()).toBe(404);
      await expect(anonymous.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
      url.pathname = `${CERTIFICATE}/pdf`;
      expect((await anonymous.request.get(url.toString())).status()).toBe(404);

      expect((await anonymous.goto(CERTIFICATE))?.status()).toBe(404);
    } finally {
      await stranger.close();
    }
  });

  test("Olivia cannot open Liam's certificate or its PDF", async ({ page }) => {
    await signIn(page, CUSTOMERS.everyday);
    const response = await page.goto(`${CERTIFICATE}?name=${encodeURIComponent("Liam O'Connor")}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
    const pdf = await page.request.get(
      `${CERTIFICATE}/pdf?name=${encodeURIComponent("Liam O'Connor")}&date=2025-08-15`,
    );
    expect(pdf.status()).toBe(404);
  });

  test("anyone can check a code by hand; an unknown code is not found", async ({ page }) => {
    const unknown = await visit(page, "/certificate/verify/LGN-0000-0000");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Certificate not found" })).toBeVisible();

    await page.getByRole("textbox", { name: "Certificate code" }).fill("not a code");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { name: "Certificate not found" })).toBeVisible();
    await expectAccessible(page);
  });
});
