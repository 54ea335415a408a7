import { signInAtEmulator } from "../support/customer-account-emulator";
import { CUSTOMERS, signIn } from "./account-helpers";
import { expect, test } from "./fixtures";

// Issue 12, item 5: a stale or replayed sign-in callback is no dead end.

test("replaying the sign-in callback (the back button) shows the login page and a way on", async ({
  page,
}) => {
  let callback = "";
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/account/authorize") callback = request.url();
  });
  await signIn(page, CUSTOMERS.everyday);
  expect(callback).toContain("code=");

  await page.goto(callback);
  await expect(page).toHaveURL(/\/login\?error=expired$/);
  await expect(page.getByRole("alert")).toContainText(
    "Code verifier not found: that sign-in link was already used or has expired.",
  );
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
});

// Issue 14, finding 3 (login CSRF): a callback link made by someone else's sign-in is refused in
// a browser that did not start it, and signs nobody in there.
test("a sign-in callback from another browser signs nobody in", async ({ page, baseURL }) => {
  // The attacker starts a sign-in of their own, outside this browser, and keeps the link the
  // platform sends them back with instead of following it.
  const started = await fetch(`${baseURL}/account/login?returnTo=%2Faccount`, {
    redirect: "manual",
  });
  const link = await signInAtEmulator(
    new URL(started.headers.get("Location") ?? ""),
    "liam.oconnor@example.com",
  );
  expect(link.searchParams.get("code")).toBeTruthy();

  await page.goto(link.href);
  await expect(page).toHaveURL(/\/login\?error=expired$/);
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(
    "lagoon_session",
  );
  const account = await page.request.post("/api/auth/fetchCustomerData", { data: {} });
  expect(account.status()).toBe(401);
});
