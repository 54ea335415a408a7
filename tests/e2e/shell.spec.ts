import type { Page } from "@playwright/test";
import { expect, expectAccessible, FAULT_ORIGIN, test, visit } from "./fixtures";

test.describe("the shop's frame", () => {
  test("the home page renders inside the shell", async ({ page }, testInfo) => {
    const response = await visit(page, "/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Coral Bay Pool & Spa/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Coral Bay Pool & Spa");
    await expect(page.getByText("Crystal-clear water")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    await expect(page.getByRole("contentinfo")).toContainText(
      `© ${new Date().getFullYear()} Coral Bay Pool & Spa. All rights reserved.`,
    );
    await page.screenshot({ path: testInfo.outputPath("home-1280.png"), fullPage: true });
  });

  test("the footer links to every social platform by name", async ({ page }) => {
    await visit(page, "/");
    for (const platform of ["Facebook", "Instagram", "LinkedIn", "TikTok", "X", "YouTube"]) {
      await expect(
        page.getByRole("link", { name: `Coral Bay Pool & Spa on ${platform}` }),
      ).toBeVisible();
    }
    // The icons come from one cached sprite, not from the page's JavaScript.
    const sprite = await page.request.get("/icons/social.svg");
    expect(sprite.status()).toBe(200);
    const symbols = await sprite.text();
    for (const id of ["facebook", "instagram", "linkedin", "tiktok", "x", "youtube"]) {
      expect(symbols).toContain(`<symbol id="${id}"`);
    }
  });

  test("the newsletter form needs an email before Subscribe is enabled", async ({ page }) => {
    await visit(page, "/");
    const email = page.getByRole("textbox", { name: "Email address" });
    const subscribe = page.getByRole("button", { name: "Subscribe" });
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("required", "");
    await expect(subscribe).toBeDisabled();
    await email.fill("shopper@example.com");
    await expect(subscribe).toBeEnabled();
    await email.fill("");
    await expect(subscribe).toBeDisabled();
  });

  test("the announcement carousel advances every 10 seconds and wraps", async ({ page }) => {
    await page.clock.install();
    await visit(page, "/");
    const carousel = page.getByRole("region", { name: "Announcements" });
    const visibleLink = () => carousel.getByRole("link").filter({ visible: true });
    await expect(visibleLink()).toHaveText("Free delivery on orders over $150");

    // Holding the carousel (hover, focus or Pause) stops it; letting go starts a fresh 10 s.
    await carousel.getByRole("button", { name: "Pause announcements" }).click();
    await page.clock.runFor(30_000);
    await expect(visibleLink()).toHaveText("Free delivery on orders over $150");
    await carousel.getByRole("button", { name: "Play announcements" }).click();
    await page.clock.runFor(30_000);
    await expect(visibleLink()).toHaveText("Free delivery on orders over $150");
    await page.getByRole("main").click({ position: { x: 5, y: 5 } });

    await page.clock.runFor(9_000);
    await expect(visibleLink()).toHaveText("Free delivery on orders over $150");
    await page.clock.runFor(1_000);
    await expect(visibleLink()).toHaveText("Pool safety workshops — 2027 dates");
    await page.clock.runFor(10_000);
    await expect(visibleLink()).toHaveText("Book a water test");
    await page.clock.runFor(10_000);
    await expect(visibleLink()).toHaveText("Free delivery on orders over $150");
  });

  test("the cart drawer opens and closes every way a shopper expects", async ({ page }) => {
    await visit(page, "/");
    const opener = page.getByRole("button", { name: "Open cart, empty" });
    const drawer = page.getByRole("dialog", { name: "Your cart" });

    await opener.click();
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText("Your cart is empty. There are no products in your cart.");
    await expectAccessible(page);
    await drawer.getByRole("button", { name: "Close cart" }).click();
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    await opener.click();
    await expect(drawer).toBeVisible();
    // Focus never reaches the page behind the drawer while it is open (it may pass through the
    // browser's own controls between the drawer's last and first elements).
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press("Tab");
      const behind = await drawer.evaluate(
        (dialog) =>
          document.activeElement !== null &&
          document.activeElement !== document.body &&
          !dialog.contains(document.activeElement),
      );
      expect(behind).toBe(false);
    }
    await page.mouse.click(40, 400); // the backdrop, left of the drawer
    await expect(drawer).toBeHidden();
  });

  test("the desktop dropdown menus work from the keyboard", async ({ page }) => {
    await visit(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const shop = nav.getByText("Shop", { exact: true });
    await shop.focus();
    await page.keyboard.press("Enter");
    const pumps = nav.getByRole("link", { name: "Pumps" });
    await expect(pumps).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(pumps).toBeHidden();
    await expect(shop).toBeFocused();
  });
});

test.describe("on a phone (390px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu button slides the main navigation in, and Escape, a link or Close put it away", async ({
    page,
  }, testInfo) => {
    await visit(page, "/");
    await page.screenshot({ path: testInfo.outputPath("home-390.png"), fullPage: true });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeHidden();

    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    await expect(nav).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("menu-390.png") });
    await expectAccessible(page);
    await nav.getByText("Shop", { exact: true }).click();
    await expect(nav.getByRole("link", { name: "Filters" })).toBeVisible();
    await nav.getByRole("button", { name: "Close menu" }).click();
    await expect(nav).toBeHidden();

    // From the keyboard: Tab goes from the button into the panel, Escape closes it.
    await open.focus();
    await page.keyboard.press("Enter");
    await expect(nav).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("button", { name: "Close menu" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await nav.getByRole("link", { name: "Projects" }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(nav).toBeHidden();
  });

  test("a panel left open when the screen turns wide gives way to the header's row", async ({
    page,
  }) => {
    await visit(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(nav.getByRole("button", { name: "Close menu" })).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(nav.getByRole("button", { name: "Close menu" })).toBeHidden();
    await expect.poll(() => nav.evaluate((panel) => panel.matches(":popover-open"))).toBe(false);
    const box = await nav.boundingBox();
    expect(box?.y).toBeLessThan(120); // in the header, below the announcement bar
    await nav.getByText("Shop", { exact: true }).click();
    await nav.getByRole("link", { name: "Pumps" }).click();
    await expect(page).toHaveURL(/\/store\/collections\/pumps$/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the menu opens, its sections unfold and its links lead on", async ({ page }) => {
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main" });
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(nav).toBeVisible();
      await nav.getByText("Services", { exact: true }).click();
      await nav.getByRole("link", { name: "All Services" }).click();
      await expect(page).toHaveURL(/\/services$/);
    });
  });

  test("the header's cart button opens the drawer", async ({ page }) => {
    await visit(page, "/");
    const headerCart = page.getByRole("banner").getByRole("button", { name: "Open cart, empty" });
    await headerCart.click();
    await expect(page.getByRole("dialog", { name: "Your cart" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(headerCart).toBeFocused();
  });
});

test.describe("errors", () => {
  // The browser reports the document's own 404 or 500 status in the console.
  test.use({ allowConsoleError: /status of (404|500|503)/ });

  test("an unknown path answers 404 with the spec's texts", async ({ page }) => {
    const response = await visit(page, "/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
    await expect(page.getByText("Page not found: /no-such-page")).toBeVisible();
    await page.getByRole("link", { name: "Return Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("duplicate and legacy paths are not part of the shop", async ({ request }) => {
    for (const path of ["/about%20copy", "/account/index%20copy", "/news%20copy"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text()).toContain("404 - Page Not Found");
    }
  });

  // The content service is down there: the home page needs it, the shell falls back (#14).
  test("a failing route answers 503 with the error page, and the server keeps serving", async ({
    page,
    request,
  }) => {
    const response = await page.goto(`${FAULT_ORIGIN}/`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("heading", { name: "503 - An Error Occured" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    await expectAccessible(page);
    const health = await request.get(`${FAULT_ORIGIN}/healthz`);
    expect(health.status()).toBe(200);
  });
});

test.describe("the first load", () => {
  const PRODUCT = "/store/products/davey-silensorpro-sls-pool-pump";
  const PRODUCT_IMAGES = /\/_emulators\/storefront\/images\//;

  /** When the page's first script was asked for, and when it finished loading, in ms. */
  const timings = (page: Page) =>
    page.evaluate(() => {
      const [navigation] = performance.getEntriesByType(
        "navigation",
      ) as PerformanceNavigationTiming[];
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
        .map((entry) => entry.startTime);
      return {
        firstScript: Math.min(...scripts),
        loaded: navigation?.loadEventStart ?? 0,
      };
    });

  test("asks for its stylesheet and photo first", async ({ page }) => {
    // What Chromium itself decided, as DevTools shows it: the priority each request was sent at.
    const cdp = await page.context().newCDPSession(page);
    const priorities = new Map<string, string>();
    cdp.on("Network.requestWillBeSent", ({ request }) => {
      const url = new URL(request.url);
      priorities.set(url.pathname + url.search, request.initialPriority);
    });
    await cdp.send("Network.enable");
    const response = await visit(page, PRODUCT);

    const html = (await response?.text()) ?? "";
    const requested = [...priorities];
    const stylesheet = requested.find(([path]) => /^\/assets\/app-.+\.css$/.test(path));
    expect(stylesheet?.[1]).toBe("VeryHigh");
    // The product's photo, which the page preloads.
    const photo = new URL(
      /<link rel="preload" as="image" imageSrcSet="(\S+)/.exec(html)?.[1] ?? "",
    );
    expect(priorities.get(photo.pathname + photo.search)).toBe("High");
  });

  test("wakes while its photos are still on their way", async ({ page }) => {
    // The product's photos never arrive, so the page never finishes loading.
    await page.route(PRODUCT_IMAGES, () => {});
    await page.goto(PRODUCT, { waitUntil: "domcontentloaded" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

    const { firstScript, loaded } = await timings(page);
    expect(loaded, "the page is still loading").toBe(0);
    expect(firstScript).toBeGreaterThan(0);
  });
});

test.describe("the server", () => {
  test("answers health checks", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("sends a nonce CSP that the page's scripts carry", async ({ request }) => {
    // A page from the page cache carries the nonce of the render that stored it (decision 006);
    // each render has its own, so a visitor with a cart (never served from it) gets a new one.
    const nonceOf = async (headers: Record<string, string> = {}) => {
      const response = await request.get("/", { headers });
      const csp = response.headers()["content-security-policy"] ?? "";
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp).toContain("frame-ancestors 'none'");
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      return nonce;
    };
    const anonymous = await nonceOf();
    const rendered = await nonceOf({ Cookie: "lagoon_cart=abc" });
    expect(rendered).not.toBe(anonymous);
    expect(await nonceOf({ Cookie: "lagoon_cart=abc" })).not.toBe(rendered);
  });

  test("serves hashed assets as immutable", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset as string);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("sends every script and stylesheet compressed, brotli where the browser takes it", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g))];
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      // What Chromium sends: gzip first, brotli as welcome.
      const chromium = await request.get(asset, {
        headers: { "Accept-Encoding": "gzip, deflate, br, zstd" },
      });
      // A file of a few dozen bytes is sent as it is: compressed it would be no smaller.
      if ((await chromium.body()).length < 200) continue;
      expect(chromium.headers()["content-encoding"], asset).toBe("br");
      const noBrotli = await request.get(asset, {
        headers: { "Accept-Encoding": "gzip, deflate" },
      });
      expect(noBrotli.headers()["content-encoding"], asset).toBe("gzip");
    }
  });

  test("never lets a shared cache keep a personal page", async ({ request }) => {
    const anonymous = await request.get("/");
    expect(anonymous.headers()["cache-control"]).toContain("public");
    const personal = await request.get("/", { headers: { Cookie: "lagoon_cart=abc" } });
    expect(personal.headers()["cache-control"]).toBe("private, no-cache");
    // Rendered for that visitor: the page cache neither read nor kept it.
    expect(personal.headers()["x-lagoon-cache"]).toBe("BYPASS");
  });
});
