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
