import { type BrowserContext, expect, type Page } from "@playwright/test";
import { SHORT_TOKEN_ORIGIN } from "./fixtures";

export const CUSTOMERS = {
  everyday: "Olivia Bennett",
  commercial: "Marcus Reid",
  vip: "Sophie Harrington",
  trainee: "Liam O'Connor",
} as const;

export const CUSTOMER_EMAILS = {
  everyday: "olivia.bennett@example.com",
  trainee: "liam.oconnor@example.com",
} as const;

/**
 * The platform ends every grant of the customer (the emulator's test control), as when they are
 * signed out everywhere: the shop's session holds a refresh token that is now refused.
 */
export async function revokeAtPlatform(page: Page, email: string) {
  const revoked = await page.request.post(
    `${SHORT_TOKEN_ORIGIN}/_emulators/customer-account/_test/revoke-grants`,
    { data: { email } },
  );
  expect(revoked.status()).toBe(204);
}

/** Signs in through the shop's login page and the platform's sign-in page, as a shopper would. */
export async function signIn(
  page: Page,
  customer: string,
  { origin = "", returnTo = "/account" } = {},
) {
  await page.goto(`${origin}/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("button", { name: `Sign in as ${customer}` }).click();
  await page.waitForURL((url) => url.pathname === returnTo);
}

/** The value React Router stored in a signed cookie: base64 JSON, then a signature. */
export async function cookieValue(context: BrowserContext, name: string): Promise<string | null> {
  const cookie = (await context.cookies()).find((entry) => entry.name === name);
  if (!cookie) return null;
  const signed = decodeURIComponent(cookie.value);
  const encoded = signed.slice(0, signed.lastIndexOf("."));
  const parsed: unknown = JSON.parse(
    decodeURIComponent(escape(Buffer.from(encoded, "base64").toString("binary"))),
  );
  if (typeof parsed === "string") return parsed;
  return typeof parsed === "object" && parsed && "token" in parsed ? String(parsed.token) : null;
}

export async function expectSignedIn(page: Page) {
  // The announcement bar's account link (the footer has one too).
  await expect(page.getByRole("link", { name: "My Account" }).first()).toHaveAttribute(
    "href",
    "/account",
  );
}
