import { CookieJar, signInAtEmulator } from "./customer-account-emulator";

/**
 * A shopper over plain HTTP against a whole shop (e.g. `startBuiltShop`): signs in at the
 * embedded identity provider as a demo customer and fills a cart, keeping the cookies the shop
 * set, as a browser would.
 */

export const DEMO_CUSTOMERS = {
  everyday: "olivia.bennett@example.com",
  commercial: "marcus@reid-aquatic.example.com",
  vip: "sophie.harrington@example.com",
  trainee: "liam.oconnor@example.com",
} as const;

/** Signs in through `/account/login` and the provider's page; the jar holds the session. */
export async function signInOverHttp(origin: string, email: string, jar = new CookieJar()) {
  const login = await fetch(`${origin}/account/login?returnTo=%2Faccount`, { redirect: "manual" });
  jar.store(login);
  const provider = login.headers.get("location");
  if (login.status !== 302 || !provider) {
    throw new Error(`/account/login answered ${login.status}, not a redirect to the provider`);
  }
  const callback = await signInAtEmulator(new URL(provider, origin), email, jar);
  const done = await fetch(callback, { headers: { cookie: jar.header() }, redirect: "manual" });
  jar.store(done);
  if (!jar.header().includes("lagoon_session=")) {
    throw new Error(`The sign-in callback answered ${done.status} without a session`);
  }
  return jar;
}

/** The shop's own cookies in the jar (the identity provider's stay with the provider). */
export const shopCookies = (jar: CookieJar) =>
  jar
    .header()
    .split("; ")
    .filter((pair) => pair.startsWith("lagoon_"))
    .join("; ");

/** Variant ids of products that can be bought, from the shop's Storefront API. */
export async function variantIdsFor(origin: string, count = 3): Promise<string[]> {
  const response = await fetch(`${origin}/_emulators/storefront/api/2026-04/graphql.json`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Storefront-Access-Token": "test",
    },
    body: JSON.stringify({
      query: `{ products(first: 20) { nodes { variants(first: 1) { nodes { id availableForSale } } } } }`,
    }),
  });
  const { data } = (await response.json()) as {
    data: {
      products: { nodes: { variants: { nodes: { id: string; availableForSale: boolean }[] } }[] };
    };
  };
  return data.products.nodes
    .flatMap((product) => product.variants.nodes)
    .filter((variant) => variant.availableForSale)
    .map((variant) => variant.id)
    .slice(0, count);
}

/** Adds a variant to the jar's cart with a plain form post, as the product page does. */
export async function addToCartOverHttp(origin: string, jar: CookieJar, merchandiseId: string) {
  const response = await fetch(`${origin}/api/cart`, {
    method: "POST",
    headers: {
      cookie: jar.header(),
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
    },
    body: new URLSearchParams({ intent: "add", merchandiseId, quantity: "1" }),
    redirect: "manual",
  });
  jar.store(response);
  await response.body?.cancel();
  if (!jar.header().includes("lagoon_cart=")) {
    throw new Error(`Adding to the cart answered ${response.status} without a cart cookie`);
  }
  return jar;
}
