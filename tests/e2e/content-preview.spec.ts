import { readFileSync } from "node:fs";
import { expect, expectAccessible, test } from "./fixtures";

const draftId = (file: string) =>
  JSON.parse(readFileSync(`content/drafts/news_blog_page/${file}`, "utf8")).id as string;

/** What Prismic's Preview button does: open a session and hand over its token. */
async function previewLink(
  request: import("@playwright/test").APIRequestContext,
  documentId: string,
) {
  const response = await request.get(`/_emulators/content/preview?documentId=${documentId}`, {
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const location = new URL(response.headers().location ?? "");
  expect(location.pathname).toBe("/preview");
  const token = location.searchParams.get("token") ?? "";
  return `/preview?token=${encodeURIComponent(token)}&documentId=${documentId}`;
}

const hydrated = (page: import("@playwright/test").Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

test.describe("previewing drafts", () => {
  test("an editor sees the draft with a banner, exits, and sees the published text", async ({
    page,
    request,
  }, testInfo) => {
    const response = await page.goto(await previewLink(request, draftId("winter-spa-care.json")));
    await expect(page).toHaveURL(/\/news\/winter-spa-care$/);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await hydrated(page);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("Winter spa care: seven habits for clear water");
    const banner = page.getByRole("region", { name: "Preview" });
    await expect(banner).toContainText("unpublished content");
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath("preview-banner.png") });

    // The preview follows the editor around the site.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "News" })
      .click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(banner).toBeVisible();
    await page.goBack();
    await expect(heading).toHaveText("Winter spa care: seven habits for clear water");

    await banner.getByRole("button", { name: "Exit preview" }).click();
    await expect(page).toHaveURL(/\/news\/winter-spa-care$/);
    await expect(heading).toHaveText("Keep your spa water balanced through winter");
    await expect(banner).toHaveCount(0);
    const cookies = await page.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).not.toContain("io.prismic.preview");
  });

  test("a never-published article exists only inside the preview", async ({ page, request }) => {
    await page.goto(await previewLink(request, draftId("robot-cleaners-compared.json")));
    await expect(page).toHaveURL(/\/news\/robot-cleaners-compared$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Robotic pool cleaners compared",
    );
    const published = await request.get("/news/robot-cleaners-compared", {
      headers: { Cookie: "" },
    });
    expect(published.status()).toBe(404);
  });
});

test.describe("broken preview links", () => {
  test.use({ allowConsoleError: /status of (400|404)/ });

  test("an expired or unknown token gives a clear error page", async ({ page, baseURL }) => {
    const token = new URL("/_emulators/content/previews/ended-session", baseURL).toString();
    const response = await page.goto(
      `/preview?token=${encodeURIComponent(token)}&documentId=${draftId("winter-spa-care.json")}`,
    );
    expect(response?.status()).toBe(404);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This preview has expired");
    await expectAccessible(page);
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(
      "io.prismic.preview",
    );
  });

  test("a link without a token, or with something else, says so", async ({ request }) => {
    const incomplete = await request.get("/preview?documentId=abc");
    expect(incomplete.status()).toBe(400);
    expect(await incomplete.text()).toContain("This preview link is incomplete");
    const invalid = await request.get("/preview?token=master&documentId=abc");
    expect(invalid.status()).toBe(400);
    expect(await invalid.text()).toContain("This is not a preview link");
  });
});
