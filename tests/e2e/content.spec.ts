import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { resolveDocumentPath } from "../../app/lib/content/link-resolver";
import { expect, test, visit } from "./fixtures";

const PUBLIC_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=86400";

/** One page of each document type, with its h1 and a text only its content has. */
const PAGES = [
  { type: "home_page", path: "/", heading: "Coral Bay Pool & Spa", text: "Customer favourites" },
  {
    type: "standard_page",
    path: "/about-us",
    heading: "About Coral Bay Pool & Spa",
    text: "Our story",
  },
  {
    type: "thank_you_page",
    path: "/thank-you/enquiry",
    heading: "Thanks for your enquiry",
    text: "within one business day",
  },
  {
    type: "thank_you_page",
    path: "/thank-you",
    heading: "Thank you",
    text: "We've received your message",
  },
  {
    type: "thank_you_page",
    path: "/mailing-list-confirmation",
    heading: "You're on the list",
    text: "confirming your subscription",
  },
  { type: "contact_page", path: "/contact", heading: "Contact us", text: "Opening hours" },
  {
    type: "login_page",
    path: "/login",
    heading: "Sign in to your account",
    text: "Course certificates",
  },
  { type: "testimonials", path: "/testimonials", heading: "Customer reviews", text: "Megan R." },
  {
    type: "news_blog_home",
    path: "/news",
    heading: "News & pool care guides",
    text: "Page 1 of 2",
  },
  {
    type: "news_blog_page",
    path: "/news/winter-spa-care",
    heading: "Keep your spa water balanced through winter",
    text: "16 June 2025",
  },
  {
    type: "project_home",
    path: "/projects",
    heading: "Projects",
    text: "A school aquatic centre in Southport",
  },
  {
    type: "project_page",
    path: "/projects/burleigh-lap-pool",
    heading: "A 25-metre lap pool in Burleigh Heads",
    text: "Finished in March",
  },
  {
    type: "online_course_page",
    path: "/training-centre/spa-maintenance-basics",
    heading: "Spa Maintenance Basics (Online)",
    text: "What you will learn",
  },
  {
    type: "local_course_page",
    path: "/training-centre/commercial-pool-plant-room-training",
    heading: "Commercial Pool Plant Room Training",
    text: "Upcoming sessions",
  },
  {
    type: "shop_page",
    path: "/store/delivery-information",
    heading: "Delivery information",
    text: "Free delivery on orders over $150",
  },
];

test.describe("content pages", () => {
  for (const { type, path: pagePath, heading, text } of PAGES) {
    test(`${type} at ${pagePath} renders its document, accessibly and cacheably`, async ({
      page,
      baseURL,
    }) => {
      const response = await visit(page, pagePath);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toBe(PUBLIC_CACHE);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
      await expect(page.getByText(text).first()).toBeVisible();
      await expect(page).toHaveTitle(/\S/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new URL(pagePath, baseURL).toString(),
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /\S/);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", /summary/);
    });
  }

  test("a news article shows its date and tags and reads well", async ({ page }, testInfo) => {
    await visit(page, "/news/heat-pumps-explained");
    await expect(page.locator("time").first()).toHaveAttribute("datetime", "2025-03-04");
    await expect(page.getByRole("list", { name: "Tags" }).first()).toContainText("heating");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("News");
    await page.screenshot({ path: testInfo.outputPath("news-article.png"), fullPage: true });
  });

  test("the news list is newest first and paginated", async ({ page }) => {
    await visit(page, "/news");
    const dates = async () =>
      page
        .locator("main article time")
        .evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
    const first = await dates();
    expect(first).toHaveLength(4);
    await page.getByRole("link", { name: "Older articles" }).click();
    await expect(page).toHaveURL(/\/news\?page=2$/);
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    const second = await dates();
    const all = [...first, ...second];
    expect(all).toHaveLength(6);
    expect(all).toEqual([...all].sort().reverse());
  });

  test("a page loads the code of the slice types it shows, and no preview code", async ({
    page,
  }) => {
    const loaded: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/assets\/(slices\/|preview-bar)/.test(pathname)) loaded.push(pathname);
    });
    // An article with no slices, then one with an image gallery.
    await visit(page, "/news/green-pool-rescue");
    expect(loaded).toEqual([]);
    await visit(page, "/news/new-showroom");
    await expect(page.getByRole("main").getByRole("img").first()).toBeVisible();
    expect(loaded.map((file) => file.replace(/-[\w-]{8}\.js$/, ""))).toEqual([
      "/assets/slices/image-gallery",
    ]);
  });

  test("the FAQ opens its answers from the keyboard", async ({ page }) => {
    await visit(page, "/faq");
    const question = page.locator("summary", { hasText: "How long does delivery take?" });
    const answer = page.getByText("Most Gold Coast orders arrive within two business days.");
    await expect(answer).toBeHidden();
    await question.focus();
    await page.keyboard.press("Enter");
    await expect(answer).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(answer).toBeHidden();
  });

  test("the login page offers sign-in", async ({ page }) => {
    await visit(page, "/login");
    const main = page.getByRole("main");
    await expect(
      main
        .getByRole("button", { name: "Sign in" })
        .or(main.getByRole("link", { name: "Sign in", exact: true })),
    ).toBeVisible();
  });

  test("the contact page embeds a map of the showroom", async ({ page }) => {
    await visit(page, "/contact");
    await expect(
      page.getByTitle("Map of 12 Lagoon Court, Burleigh Heads QLD 4220"),
    ).toHaveAttribute("src", /^https:\/\/www\.google\.com\/maps\?q=/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("pages are rendered on the server", async ({ page }) => {
    const response = await page.goto("/news/heat-pumps-explained");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "How a heat pump warms your pool",
    );
    await expect(
      page.getByText("A pool heat pump works like a reverse air conditioner"),
    ).toBeVisible();
    await page.goto("/faq");
    await page.getByText("Can I pick up my order?").click();
    await expect(page.getByText("Choose Local Pickup at checkout")).toBeVisible();
  });
});

test.describe("missing documents", () => {
  test.use({ allowConsoleError: /status of 404/ });

  test("a uid with no document answers 404 with the spec's message", async ({ page, request }) => {
    const response = await visit(page, "/news/no-such-article");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Page not found: /news/no-such-article")).toBeVisible();
    for (const missing of [
      "/no-such-page",
      "/projects/no-such-project",
      "/training-centre/no-such-course",
      "/store/no-such-page",
      "/thank-you/no-such-page",
      "/news?page=7",
    ]) {
      const answer = await request.get(missing);
      expect(answer.status(), missing).toBe(404);
      // React separates the text and the path with a comment in the HTML it streams.
      const text = (await answer.text()).replaceAll("<!-- -->", "");
      expect(text).toContain(`Page not found: ${missing.split("?")[0]}`);
    }
  });
});

test.describe("search engines", () => {
  const CONTENT_DIR = path.resolve("content");
  const NOT_INDEXED = [
    "thank_you_page",
    "login_page",
    "purchase_order_checkout",
    "settings",
    "navigation",
  ];

  test("the sitemap index lists every public content URL, collection and product, and nothing else", async ({
    request,
    baseURL,
  }) => {
    const expectedPages = new Set(
      readdirSync(CONTENT_DIR, { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".json") && !file.startsWith("drafts"))
        .map((file) => JSON.parse(readFileSync(path.join(CONTENT_DIR, file), "utf8")))
        .filter((document) => !NOT_INDEXED.includes(document.type))
        .map((document) => new URL(resolveDocumentPath(document), baseURL).toString()),
    );
    const catalogDir = path.join(CONTENT_DIR, "../demo/catalog");
    // Products not released yet (VIP early access, product §6) are no public URL.
    const products = readdirSync(path.join(catalogDir, "products"))
      .flatMap((file) => JSON.parse(readFileSync(path.join(catalogDir, "products", file), "utf8")))
      .filter((product: { tags: string[] }) => !product.tags.includes("vip-early-access"))
      .map((product: { handle: string }) =>
        new URL(`/store/products/${product.handle}`, baseURL).toString(),
      );
    const collections = JSON.parse(
      readFileSync(path.join(catalogDir, "collections.json"), "utf8"),
    ).map((collection: { handle: string }) =>
      new URL(`/store/collections/${collection.handle}`, baseURL).toString(),
    );

    const locs = (xml: string) =>
      [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
    const index = await request.get("/sitemap.xml");
    expect(index.status()).toBe(200);
    expect(index.headers()["content-type"]).toContain("application/xml");
    const indexXml = await index.text();
    expect(indexXml).toContain("<sitemapindex");
    const files = locs(indexXml);
    expect(files.map((file) => new URL(file).pathname)).toEqual([
      "/sitemap/pages/1.xml",
      "/sitemap/collections/1.xml",
      "/sitemap/products/1.xml",
    ]);
    expect(indexXml.match(/<lastmod>/g)).toHaveLength(3);

    const listed: Record<string, string[]> = {};
    for (const file of files) {
      const response = await request.get(file);
      expect(response.status()).toBe(200);
      const xml = await response.text();
      expect(xml.match(/<lastmod>\d{4}-\d{2}-\d{2}T/g)?.length).toBe(locs(xml).length);
      listed[new URL(file).pathname] = locs(xml);
    }
    expect(new Set(listed["/sitemap/pages/1.xml"])).toEqual(expectedPages);
    expect(listed["/sitemap/pages/1.xml"]).toHaveLength(expectedPages.size);
    expect(new Set(listed["/sitemap/collections/1.xml"])).toEqual(new Set(collections));
    expect(new Set(listed["/sitemap/products/1.xml"])).toEqual(new Set(products));
    // Variants are not URLs of their own.
    expect(listed["/sitemap/products/1.xml"]?.some((url) => url.includes("variant"))).toBe(false);
    expect(JSON.stringify(listed)).not.toContain("slice-simulator");
    expect(JSON.stringify(listed)).not.toContain("robot-cleaners-compared");
    expect((await request.get("/sitemap/products/2.xml")).status()).toBe(404);
    expect((await request.get("/sitemap/orders/1.xml")).status()).toBe(404);
  });

  test("robots.txt points at the sitemap", async ({ request, baseURL }) => {
    const text = await (await request.get("/robots.txt")).text();
    expect(text).toContain(`Sitemap: ${new URL("/sitemap.xml", baseURL)}`);
    expect(text).toContain("Disallow: /slice-simulator");
  });

  test("a news article carries valid Article and BreadcrumbList JSON-LD", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/news/heat-pumps-explained");
    const blocks = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "")));
    const article = blocks.find((block) => block["@type"] === "Article");
    expect(article).toMatchObject({
      "@context": "https://schema.org",
      headline: "How a heat pump warms your pool",
      datePublished: "2025-03-04T00:00:00.000Z",
      author: { "@type": "Person", name: "Luke Hayes" },
      publisher: { "@type": "Organization", name: "Coral Bay Pool & Spa" },
      mainEntityOfPage: { "@id": new URL("/news/heat-pumps-explained", baseURL).toString() },
    });
    expect(article.image[0]).toMatch(/^http.*news-heat-pump\.svg/);
    expect(Number.isNaN(Date.parse(article.dateModified))).toBe(false);
    const breadcrumbs = blocks.find((block) => block["@type"] === "BreadcrumbList");
    expect(breadcrumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      "Home",
      "News",
      "How a heat pump warms your pool",
    ]);
  });

  test("the home page describes the organisation", async ({ page }) => {
    await page.goto("/");
    const blocks = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "")));
    expect(blocks).toContainEqual(
      expect.objectContaining({
        "@type": "Organization",
        name: "Coral Bay Pool & Spa",
        telephone: "+61 7 5550 4477",
        address: expect.objectContaining({ addressLocality: "Burleigh Heads" }),
      }),
    );
  });
});
