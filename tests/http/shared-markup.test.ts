import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltShop, startBuiltShop } from "../support/built-shop";
import { CookieJar } from "../support/customer-account-emulator";
import {
  addToCartOverHttp,
  DEMO_CUSTOMERS,
  shopCookies,
  signInOverHttp,
  variantIdsFor,
} from "../support/shopper";

// Decision 009: the announcement bar, header and footer are rendered once and pasted into the pages
// after. Each page must still show its own current link, and its own shopper's account link and
// cart badge.

const PRODUCT = "/store/products/davey-silensorpro-sls-pool-pump";
let shop: BuiltShop;

beforeAll(async () => {
  shop = await startBuiltShop({ env: { LAGOON_TEST_CONTROLS: "1" } });
  // The first read of the shop's frame hands the page the value as loaded; later reads share the
  // cache's parsed value, the one whose markup is kept and pasted. Read it past that first.
  for (const path of ["/", "/"]) {
    const response = await fetch(`${shop.origin}${path}`, {
      headers: { "x-lagoon-cache-bypass": "1" },
    });
    await response.text();
  }
});

afterAll(() => shop.close());

/** A page rendered for this request, never from the page cache. */
async function render(path: string, cookie = ""): Promise<string> {
  const response = await fetch(`${shop.origin}${path}`, {
    headers: { cookie, "x-lagoon-cache-bypass": "1" },
  });
  expect(response.status).toBe(200);
  return response.text();
}

const header = (page: string) => page.slice(page.indexOf("<header"), page.indexOf("</header>"));
const bar = (page: string) =>
  page.slice(page.indexOf('aria-label="Announcements"'), page.indexOf("<header"));
const barCartButton = (page: string) =>
  /<button[^>]*aria-label="(Open cart[^"]*)"/.exec(bar(page))?.[1];
const accountLink = (page: string) =>
  /href="([^"]*)"[^>]*><svg[^>]*><use[^>]*#user"><\/use><\/svg><span>([^<]*)</
    .exec(bar(page))
    ?.slice(1);
const cartButton = (page: string) =>
  /<button[^>]*aria-label="(Open cart[^"]*)"/.exec(header(page))?.[1];
const badge = (page: string) => /data-testid="cart-badge"[^>]*>([^<]*)</.exec(header(page))?.[1];
const currentLinks = (page: string) =>
  [...header(page).matchAll(/<a aria-current="page"[^>]*href="([^"]*)"/g)].map((match) => match[1]);

describe("the shared announcement bar and header", () => {
  it("shows each shopper the cart badge of their own cart", async () => {
    const before = await render(PRODUCT);
    expect(cartButton(before)).toBe("Open cart, empty");
    expect(badge(before)).toBeUndefined();

    const jar = new CookieJar();
    const [variant] = await variantIdsFor(shop.origin, 1);
    await addToCartOverHttp(shop.origin, jar, variant as string);
    const withCart = await render(PRODUCT, jar.header());
    expect(cartButton(withCart)).toBe("Open cart, 1 item");
    expect(badge(withCart)).toBe("1");
    expect(barCartButton(withCart)).toBe("Open cart, 1 item");

    const after = await render(PRODUCT);
    expect(cartButton(after)).toBe("Open cart, empty");
    expect(badge(after)).toBeUndefined();
    expect(barCartButton(after)).toBe("Open cart, empty");
    expect(header(after)).toBe(header(before));
    expect(bar(after)).toBe(bar(before));
  });

  it("shows a signed-in customer their account link, and others the sign-in link", async () => {
    expect(accountLink(await render("/"))).toEqual(["/login", "Sign In"]);
    const jar = await signInOverHttp(shop.origin, DEMO_CUSTOMERS.everyday);
    expect(accountLink(await render("/", shopCookies(jar)))).toEqual(["/account", "My Account"]);
    expect(accountLink(await render("/"))).toEqual(["/login", "Sign In"]);
  });

  it("marks the link of the section the page is in as current", async () => {
    expect(currentLinks(await render("/news"))).toEqual(["/news"]);
    expect(currentLinks(await render("/projects"))).toEqual(["/projects"]);
    expect(currentLinks(await render("/news"))).toEqual(["/news"]);
    expect(currentLinks(await render(PRODUCT))).toEqual([]);
  });

  it("is the same markup on every page with the same link and cart", async () => {
    const product = await render(PRODUCT);
    const collection = await render("/store/collections/pumps");
    expect(header(collection)).toBe(header(product));
    const footer = (page: string) => page.slice(page.indexOf("<footer"), page.indexOf("</footer>"));
    expect(footer(collection)).toContain("Pool tips in your inbox");
    expect(footer(collection)).toBe(footer(product));
  });
});

describe("the shared product page", () => {
  const main = (page: string) => page.slice(page.indexOf("<main"), page.indexOf("</main>"));
  const formKeys = (page: string) =>
    [...main(page).matchAll(/name="formKey" value="([^"]*)"/g)].map((match) => match[1]);
  const redirectTo = (page: string) => /name="redirectTo" value="([^"]*)"/.exec(main(page))?.[1];

  it("shows every visitor without a cart the same product, returning to their page", async () => {
    const first = await render(PRODUCT);
    const second = await render(PRODUCT);
    expect(main(first)).toContain("Davey SilensorPro SLS Pool Pump");
    expect(main(second)).toBe(main(first));
    expect(formKeys(second)).toEqual([]);
    expect(redirectTo(second)).toBe(PRODUCT);

    // The same product data at another URL: its form returns there.
    const campaign = `${PRODUCT}?from=newsletter`;
    expect(redirectTo(await render(campaign))).toBe(campaign);
    expect(redirectTo(await render(campaign))).toBe(campaign);
    expect(main(await render(PRODUCT))).toBe(main(first));
  });

  it("gives a shopper with a cart a form key of each page's own", async () => {
    const jar = new CookieJar();
    const [variant] = await variantIdsFor(shop.origin, 1);
    await addToCartOverHttp(shop.origin, jar, variant as string);
    const [key] = formKeys(await render(PRODUCT, jar.header()));
    const [next] = formKeys(await render(PRODUCT, jar.header()));
    expect(key).toMatch(/^[\w-]{36}$/);
    expect(next).toMatch(/^[\w-]{36}$/);
    expect(next).not.toBe(key);
    expect(formKeys(await render(PRODUCT))).toEqual([]);
  });
});
