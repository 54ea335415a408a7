import { describe, expect, it } from "vitest";
import { CookieJar, signInAtEmulator } from "../../tests/support/customer-account-emulator";
import { lagoonForFile } from "../../tests/support/lagoon-server";
import { DEMO_CUSTOMERS } from "../../tests/support/shopper";

// Issue 28, item 5: every redirect the shop builds from what a request names stays on the shop,
// however the target hides another host (dot segments, encodings, backslashes).

const shop = lagoonForFile();

const ELSEWHERE = [
  "/..//evil.example",
  "/.//evil.example",
  "/%2e%2e//evil.example",
  "/.%2E//evil.example",
  "/../..//evil.example/account",
  "/x/../..//evil.example",
  "/\\evil.example",
  "/%5Cevil.example",
  "/%2F/evil.example",
  "//evil.example",
  "https://evil.example",
];

/** Where a browser goes with this answer's Location, from the page it posted on. */
function destination(response: Response): URL {
  const location = response.headers.get("location");
  expect(location, `answered ${response.status} without a Location`).not.toBeNull();
  return new URL(location as string, `${shop.origin}/store/products/p`);
}

const postForm = (path: string, form: Record<string, string>) =>
  fetch(`${shop.origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body: new URLSearchParams(form),
    redirect: "manual",
  });

describe.each(ELSEWHERE)("a redirect target of %j", (target) => {
  it("keeps the cart's redirect on the shop", async () => {
    const response = await postForm("/api/cart", { intent: "update", redirectTo: target });
    expect(response.status).toBe(303);
    expect(destination(response).origin).toBe(shop.origin);
    expect(response.headers.get("location")).not.toMatch(/^\/[/\\]/);
  });

  it("keeps the preview's exit on the shop", async () => {
    const response = await postForm("/preview", { next: target });
    expect([302, 303]).toContain(response.status);
    expect(destination(response).origin).toBe(shop.origin);
    expect(response.headers.get("location")).not.toMatch(/^\/[/\\]/);
  });
});

describe("the page a sign-in returns to", () => {
  it("stays on the shop whatever returnTo names", async () => {
    for (const target of ["/..//evil.example", "/%2e%2e//evil.example"]) {
      const jar = new CookieJar();
      const login = await fetch(
        `${shop.origin}/account/login?returnTo=${encodeURIComponent(target)}`,
        { redirect: "manual" },
      );
      jar.store(login);
      const provider = new URL(login.headers.get("location") ?? "", shop.origin);
      const callback = await signInAtEmulator(provider, DEMO_CUSTOMERS.everyday, jar);
      const done = await fetch(callback, { headers: { cookie: jar.header() }, redirect: "manual" });
      expect(done.status).toBe(302);
      expect(destination(done).origin).toBe(shop.origin);
      expect(done.headers.get("location")).not.toMatch(/^\/[/\\]/);
    }
  });
});
