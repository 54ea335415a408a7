import { describe, expect, it } from "vitest";
import { CookieJar } from "../tests/support/customer-account-emulator";
import { lagoonForFile } from "../tests/support/lagoon-server";
import { addToCartOverHttp, DEMO_CUSTOMERS, signInOverHttp } from "../tests/support/shopper";

// The error page of root.tsx as visitors get it from the whole shop (product §2, §8).

const shop = lagoonForFile();

async function visit(path: string, jar?: CookieJar) {
  const response = await fetch(`${shop.origin}${path}`, {
    headers: jar ? { cookie: jar.header() } : {},
    redirect: "manual",
  });
  const html = await response.text();
  const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? "";
  const text = main
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ")
    .trim();
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]);
  return { status: response.status, html, text, titles };
}

describe("a page the customer may not see", () => {
  it.each(["/purchase-order-checkout", "/account/vip"])(
    "%s tells an everyday customer it is not for their account, not that the server failed",
    async (path) => {
      const olivia = await signInOverHttp(shop.origin, DEMO_CUSTOMERS.everyday);
      const page = await visit(path, olivia);
      expect(page.status).toBe(403);
      expect(page.text).toContain("403 - An Error Occured");
      expect(page.text).toContain("Your account doesn't have access to this page.");
      expect(page.text).not.toContain("on our side");
      expect(page.titles).toEqual(["403 - An Error Occured | Coral Bay Pool &amp; Spa"]);
    },
  );
});

describe("the 404 page", () => {
  it("has one title, which says the page was not found", async () => {
    const page = await visit("/no-such-page");
    expect(page.status).toBe(404);
    expect(page.titles).toEqual(["Page not found | Coral Bay Pool &amp; Spa"]);
  });
});

describe("a page for a shopper with a cart", () => {
  it("shows the cart in the drawer and carries it in the page's data as one text, every character above U+00FF escaped", async () => {
    // The demo pump's image is described with an en dash ("… – front"), which the cart carries.
    const jar = await addToCartOverHttp(
      shop.origin,
      new CookieJar(),
      "gid://shopify/ProductVariant/47100001",
    );
    const page = await visit("/about-us", jar);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Open cart, 1 item");
    expect(page.html).toMatch(/<dialog id="cart-drawer"[\s\S]*Davey SilensorPro SLS Pool Pump/);
    const data = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(page.html)?.[1];
    expect(data).toBeDefined();
    const encoded = JSON.parse(data ?? '""') as string;
    expect(encoded).toContain("Davey SilensorPro SLS Pool Pump \\\\u2013 front");
    expect(encoded).not.toMatch(/[\u0100-\uffff]/);
  });
});
