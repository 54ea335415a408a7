import { readFileSync } from "node:fs";
import {
  CUSTOMER_EMAILS,
  CUSTOMERS,
  cookieValue,
  expectSignedIn,
  revokeAtPlatform,
  signIn,
} from "./account-helpers";
import { expect, expectAccessible, SHORT_TOKEN_ORIGIN, test, visit } from "./fixtures";

test.describe("signing in", () => {
  test("a signed-out visit to /account goes to /login and back after sign-in", async ({ page }) => {
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?returnTo=%2Faccount$/);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: `Sign in as ${CUSTOMERS.everyday}` }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
    await expectSignedIn(page);
    await expectAccessible(page);
  });

  for (const [role, name] of Object.entries(CUSTOMERS)) {
    test(`the ${role} customer signs in and sees My Account`, async ({ page }) => {
      await signIn(page, name);
      await expect(page.getByText(`Welcome back, ${name.split(" ")[0]}.`)).toBeVisible();
      await expectSignedIn(page);
      if (role === "commercial")
        await expect(page.getByText("Your trade account is active.")).toBeVisible();
    });
  }

  test("signing out ends the session at the shop and at the platform, and empties the cart", async ({
    page,
  }) => {
    await signIn(page, CUSTOMERS.trainee);
    await page.goto("/store/products/davey-silensorpro-sls-pool-pump");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByRole("main").getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByRole("button", { name: "Open cart, 1 item" }).first()).toBeAttached();
    await page.goto("/account");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open cart, empty" }).first()).toBeVisible();
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?returnTo=/);
  });

  test("tokens never reach the page, its scripts or its storage", async ({ page, context }) => {
    await signIn(page, CUSTOMERS.everyday);
    // One cookie for the session, holding an opaque id: the tokens stay on the server.
    const cookies = (await context.cookies()).filter((entry) => entry.name.startsWith("lagoon_"));
    expect(cookies.map((cookie) => cookie.name)).toEqual(["lagoon_session"]);
    for (const cookie of cookies) {
      expect(cookie.httpOnly, cookie.name).toBe(true);
      expect(cookie.sameSite, cookie.name).toBe("Lax");
    }
    const sessionId = await cookieValue(context, "lagoon_session");
    expect(sessionId).toMatch(/^[\w-]{43}$/);
    const visible = await page.evaluate(() => ({
      cookie: document.cookie,
      storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
      html: document.documentElement.outerHTML,
    }));
    const served = await (await page.request.get("/account")).text();
    // The platform's access and ID tokens are JWTs: a base64url JSON header starting "eyJ".
    for (const text of [visible.cookie, visible.storage, visible.html, served]) {
      expect(text).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\./);
      expect(text).not.toContain(sessionId as string);
    }
  });
});

test.describe("the account page", () => {
  // A refused form answers 4xx (with the field's message), which the browser logs.
  test.use({ allowConsoleError: /status of (400|422)/ });

  test("a customer edits their name and address book", async ({ page }) => {
    await signIn(page, CUSTOMERS.vip);
    const profile = page.getByRole("region", { name: "Profile" });
    await profile.getByLabel("First name").fill("Soph");
    await profile.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("Welcome back, Soph.")).toBeVisible();
    await profile.getByLabel("First name").fill("Sophie");
    await profile.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("Welcome back, Sophie.")).toBeVisible();

    const book = page.getByRole("region", { name: "Addresses" });
    await book.getByText("Add a new address").click();
    await book.getByLabel("Suburb or city").fill("Palm Beach");
    await book.getByLabel("Postcode").fill("4221");
    await book.getByRole("button", { name: "Save address" }).click();
    // The street is missing: the field says so and what was typed is kept.
    await expect(book.getByLabel("Street address")).toHaveAttribute("aria-invalid", "true");
    await expect(book.getByText("Enter a street address")).toBeVisible();
    await expect(book.getByLabel("Suburb or city")).toHaveValue("Palm Beach");
    await expectAccessible(page);

    await book.getByLabel("Street address").fill("8 Jefferson Lane");
    await book.getByLabel("Postcode").fill("42");
    await book.getByRole("button", { name: "Save address" }).click();
    // The platform refuses the postcode: its message shows at the field.
    await expect(book.getByLabel("Postcode")).toHaveAttribute("aria-invalid", "true");
    await expect(book.getByLabel("Street address")).toHaveValue("8 Jefferson Lane");

    await book.getByLabel("Postcode").fill("4221");
    await book.getByRole("button", { name: "Save address" }).click();
    const added = book.getByRole("listitem").filter({ hasText: "8 Jefferson Lane" });
    await expect(added).toBeVisible();
    await added.getByRole("button", { name: /^Make .* the default address$/ }).click();
    await expect(added.getByText("Default address")).toBeVisible();
    // The platform keeps a default address: make another the default before deleting this one.
    const other = book.getByRole("listitem").filter({ hasNotText: "8 Jefferson Lane" }).first();
    await other.getByRole("button", { name: /^Make .* the default address$/ }).click();
    await expect(other.getByText("Default address")).toBeVisible();
    await added.getByRole("button", { name: /^Delete / }).click();
    await expect(book.getByText("8 Jefferson Lane")).toHaveCount(0);
  });

  test("orders load page by page and open in detail", async ({ page }) => {
    await signIn(page, CUSTOMERS.everyday);
    const orders = page.getByRole("region", { name: "Orders" });
    const rows = orders.getByRole("row");
    await expect(rows).toHaveCount(11);
    await orders.getByRole("button", { name: "Load more" }).click();
    await expect(rows).toHaveCount(16);
    await expect(orders.getByRole("button", { name: "Load more" })).toHaveCount(0);

    const first = orders.getByRole("link").first();
    const name = (await first.textContent()) ?? "";
    await first.click();
    await expect(page.getByRole("heading", { name: `Order ${name}` })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Items" }).getByRole("listitem").first(),
    ).toBeVisible();
    await expect(page.getByText("Total", { exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("one customer's data is out of another's reach", () => {
  const olivia = JSON.parse(readFileSync("demo/customers/olivia-bennett.json", "utf8")) as {
    addresses: { id: string }[];
  };

  test("customer A cannot change or read customer B's addresses and orders", async ({
    browser,
  }) => {
    const bContext = await browser.newContext();
    const bPage = await bContext.newPage();
    await signIn(bPage, CUSTOMERS.everyday);
    const orderHref = await bPage
      .getByRole("region", { name: "Orders" })
      .getByRole("link")
      .first()
      .getAttribute("href");
    await bContext.close();

    const aContext = await browser.newContext();
    const aPage = await aContext.newPage();
    await signIn(aPage, CUSTOMERS.commercial);
    for (const [endpoint, message] of [
      ["delete-address", "Failed to delete address"],
      ["update-default-address", "Failed to set default address"],
    ] as const) {
      const response = await aPage.request.post(`/api/customer/${endpoint}`, {
        data: { addressId: olivia.addresses[0]?.id, shopifyCustomerId: "gid://shopify/Customer/1" },
      });
      expect(response.status(), endpoint).toBe(404);
      expect((await response.json()).error).toBe(message);
    }
    const order = await aPage.request.get(orderHref as string);
    expect(order.status()).toBe(404);
    await aContext.close();

    const check = await browser.newContext();
    const checkPage = await check.newPage();
    await signIn(checkPage, CUSTOMERS.everyday);
    await expect(checkPage.getByText("14 Seabreeze Crescent")).toBeVisible();
    await check.close();
  });
});

test.describe("expired sessions", () => {
  test("an expired access token is refreshed without the customer noticing", async ({ page }) => {
    // Not a customer whose grants another test here revokes (the tests run in parallel).
    await signIn(page, CUSTOMERS.vip, { origin: SHORT_TOKEN_ORIGIN });
    const expiry = async () =>
      (
        await (
          await page.request.post(`${SHORT_TOKEN_ORIGIN}/api/auth/exchangeToken`, { data: {} })
        ).json()
      ).expiresAt as number;
    const before = await expiry();
    await page.waitForTimeout(3_500);
    await page.reload();
    await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
    expect(await expiry()).toBeGreaterThan(before);
  });

  test("a refresh token the platform rejects ends the session", async ({ page }) => {
    await signIn(page, CUSTOMERS.trainee, { origin: SHORT_TOKEN_ORIGIN });
    await revokeAtPlatform(page, CUSTOMER_EMAILS.trainee);
    await page.waitForTimeout(3_500);
    const refresh = await page.request.post(`${SHORT_TOKEN_ORIGIN}/api/auth/refreshAccessToken`, {
      data: {},
    });
    expect(refresh.status()).toBe(401);
    expect((await refresh.json()).error).toBe("Invalid or expired access token");
    await page.goto(`${SHORT_TOKEN_ORIGIN}/account`);
    await expect(page).toHaveURL(/\/login\?returnTo=/);
  });
});

test("the open drawer closes, its cart gone, once the page learns the session ended", async ({
  page,
  context,
}) => {
  await signIn(page, CUSTOMERS.everyday);
  const added = await page.request.post("/api/cart", {
    form: { intent: "add", merchandiseId: "gid://shopify/ProductVariant/47100001", quantity: "1" },
  });
  expect(added.status()).toBe(200);
  await visit(page, "/store/collections/pumps");
  await page.getByRole("button", { name: "Open cart, 1 item" }).first().click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  const pump = "Davey SilensorPro SLS Pool Pump";
  await expect(drawer.getByRole("link", { name: pump, exact: true })).toBeVisible();

  // The session cookie goes (it expired, or was cleared) while the drawer is open.
  await context.clearCookies({ name: "lagoon_session" });
  await drawer.getByRole("button", { name: `Increase quantity of ${pump}` }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("button", { name: "Open cart, empty" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
});

test.describe("checking out with an ended session", () => {
  // The checkout answers by reloading the page, whose document status the browser may log.
  test.use({ allowConsoleError: /status of 40[01]/ });

  test("a revoked refresh token leads to the re-login message and toast at checkout", async ({
    page,
  }) => {
    await signIn(page, CUSTOMERS.everyday, { origin: SHORT_TOKEN_ORIGIN });
    await page.goto(`${SHORT_TOKEN_ORIGIN}/store/products/davey-silensorpro-sls-pool-pump`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByRole("main").getByRole("button", { name: "Add to cart" }).click();
    // Added with JavaScript (the drawer opens) or, if pressed before the form's code arrived,
    // as a plain form post (the page comes back): either way the cart holds the pump.
    await expect(page.getByRole("button", { name: "Open cart, 1 item" }).first()).toBeAttached();
    await page.waitForLoadState();
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    if (!(await drawer.isVisible()))
      await page.getByRole("button", { name: "Open cart, 1 item" }).first().click();
    await expect(
      drawer.getByRole("link", { name: "Davey SilensorPro SLS Pool Pump", exact: true }),
    ).toBeVisible();

    await revokeAtPlatform(page, CUSTOMER_EMAILS.everyday);
    await page.waitForTimeout(3_500);

    await drawer.getByRole("button", { name: "Checkout" }).click();
    await expect(
      drawer.getByText("For your security, please log in again to continue."),
    ).toBeVisible();
    await expect(drawer.getByRole("button", { name: "Log In" })).toBeVisible();
    await expect(page.getByText("Authentication Required")).toBeVisible();
    await expect(
      page.getByText("For security reasons, you must log in again before checkout."),
    ).toBeVisible();
    // The cart is still there, and logging in again leads back to the shop.
    await expect(
      drawer.getByRole("link", { name: "Davey SilensorPro SLS Pool Pump", exact: true }),
    ).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("the auth and customer endpoints refuse bad input with the spec's messages", () => {
  const anonymous: [string, unknown, number, string][] = [
    ["/api/auth/fetchCustomerData", {}, 401, "No access token found"],
    ["/api/auth/exchangeToken", { accessToken: "a.b.c" }, 401, "No access token found"],
    ["/api/auth/refreshAccessToken", { refreshToken: "x" }, 401, "No access token found"],
    [
      "/api/auth/obtainAccessToken",
      { code: "abc", codeVerifier: "stolen" },
      400,
      "Code verifier not found",
    ],
    ["/api/auth/obtainAccessToken", {}, 400, "Missing authorization code"],
    ["/api/customer/add-address", { addressData: {} }, 401, "No access token found"],
    ["/api/customer/delete-address", { addressId: "1" }, 401, "No access token found"],
    ["/api/customer/update-default-address", { addressId: "1" }, 401, "No access token found"],
    ["/api/customer/fetch-more-orders", { after: "x" }, 401, "No access token found"],
    ["/api/customer/update-name", { firstName: "A" }, 401, "No access token found"],
    ["/api/customer/fetch-commercial-orders", { limit: 10, page: 1 }, 401, "No access token found"],
    ["/api/customer/fetch-commercial-order", { orderId: "1" }, 401, "No access token found"],
  ];
  for (const [path, body, status, message] of anonymous) {
    test(`signed out: ${path} ${JSON.stringify(body)} → ${status}`, async ({ request }) => {
      const response = await request.post(path, { data: body });
      expect(response.status()).toBe(status);
      expect((await response.json()).error).toBe(message);
    });
  }

  test("malformed bodies and methods get a 4xx, never a 500", async ({ request }) => {
    for (const path of ["/api/auth/obtainAccessToken", "/api/auth/fetchCustomerData"]) {
      const broken = await request.post(path, {
        headers: { "Content-Type": "application/json" },
        data: "{not json",
      });
      expect(broken.status(), path).toBeGreaterThanOrEqual(400);
      expect(broken.status(), path).toBeLessThan(500);
    }
    expect((await request.get("/api/customer/update-name")).status()).toBe(405);
    expect((await request.post("/api/auth/nothing-here", { data: {} })).status()).toBe(404);
  });

  test("signed in: each customer endpoint validates its input", async ({ page }) => {
    await signIn(page, CUSTOMERS.commercial);
    const cases: [string, unknown, number, string][] = [
      ["delete-address", { addressId: "" }, 400, "Invalid address ID"],
      ["delete-address", {}, 400, "Invalid address ID"],
      ["update-default-address", { addressId: "  " }, 400, "Invalid address ID"],
      ["update-name", { firstName: "", lastName: "Reid" }, 400, "Failed to update name"],
      ["add-address", { addressData: { city: "Southport" } }, 400, "Enter a street address"],
      [
        "add-address",
        { addressData: { address1: "1 Main St", city: "Southport", territoryCode: "Atlantis" } },
        400,
        "Choose a country",
      ],
      ["fetch-more-orders", {}, 400, "Failed to fetch customer data"],
      ["fetch-commercial-orders", { limit: 500 }, 400, "Failed to fetch commercial orders"],
      ["fetch-commercial-order", {}, 400, "Failed to fetch order details"],
    ];
    for (const [endpoint, body, status, message] of cases) {
      const response = await page.request.post(`/api/customer/${endpoint}`, { data: body });
      expect(response.status(), `${endpoint} ${JSON.stringify(body)}`).toBe(status);
      expect((await response.json()).error, endpoint).toBe(message);
    }
    const data = await page.request.post("/api/auth/fetchCustomerData", { data: {} });
    expect(data.status()).toBe(200);
    expect((await data.json()).data.customer.commercial).toBe(true);
  });
});

test("the login page is accessible", async ({ page }) => {
  await visit(page, "/login");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
});
