import { randomInt, randomUUID } from "node:crypto";
import type { APIRequestContext, BrowserContext, Page, Request, TestInfo } from "@playwright/test";
import { expect } from "./fixtures";

// Helpers of early-input.spec.ts: a page opened on a slow phone's CPU and used as soon as it shows
// something, and the server's side of what the shopper did, read afterwards.

/** Chromium's CPU slowed this many times (a mid-range and a low-end phone). */
export const RATES = [4, 6] as const;

/** A suffix no other test (or earlier run against a reused server) uses. */
export const unique = () => randomUUID().slice(0, 8);

/** An address of the documentation range the server trusts from loopback: a limit per visitor
 * (newsletter, contact) then counts this test's submissions only. */
export const visitorIp = () => `203.0.${randomInt(256)}.${randomInt(1, 255)}`;

const FIRST_INPUT = "early-input:first";

/**
 * Slows the page's CPU `rate` times, opens `path` and returns as soon as the page has painted
 * content (first contentful paint), whether or not its JavaScript has run: the moment a shopper
 * starts typing or clicking. The tab notes whether the app had hydrated at the shopper's first
 * input (`firstInput`), without slowing the page down.
 */
export async function openRightAfterPaint(page: Page, path: string, rate: number) {
  await page.addInitScript((key) => {
    const note = () => {
      if (sessionStorage.getItem(key) !== null) return;
      const hydrated = document.documentElement.dataset.hydrated === "true";
      sessionStorage.setItem(key, hydrated ? "after hydration" : "before hydration");
    };
    for (const type of ["pointerdown", "keydown", "beforeinput", "input", "change"])
      addEventListener(type, note, { capture: true, passive: true });
  }, FIRST_INPUT);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  await page.goto(path, { waitUntil: "commit" });
  const expected = new URL(path, "http://localhost").pathname;
  await page.waitForFunction(
    (pathname) =>
      location.pathname === pathname &&
      performance
        .getEntriesByType("paint")
        .some((entry) => entry.name === "first-contentful-paint"),
    expected,
  );
}

/** Records on the test whether the shopper's first input came before the app hydrated. */
export async function noteFirstInput(page: Page, testInfo: TestInfo) {
  const when = await page
    .evaluate((key) => sessionStorage.getItem(key), FIRST_INPUT)
    .catch(() => null);
  testInfo.annotations.push({ type: "first input", description: when ?? "unknown" });
}

/** Holds back the page's requests for `url` until `release()`, as a slow network would. */
export function holdUntil(page: Page, url: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  void page.route(url, async (route) => {
    await released;
    // The page may have moved on (or closed) in the meantime.
    await route.continue().catch(() => {});
  });
  return { release: () => release() };
}

/** Waits until the app has hydrated (after the early input, before checking what came of it). */
export async function hydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Counts the page's POSTs whose path matches (a plain form post or React Router's `.data` fetch
 * alike), and tells when none has been on its way for half a second.
 */
export function watchPosts(page: Page, path: RegExp) {
  const sent: string[] = [];
  let inFlight = 0;
  let quietSince = Date.now();
  const matches = (request: Request) =>
    request.method() === "POST" && path.test(new URL(request.url()).pathname);
  page.on("request", (request) => {
    if (!matches(request)) return;
    sent.push(new URL(request.url()).pathname);
    inFlight += 1;
  });
  const done = (request: Request) => {
    if (!matches(request)) return;
    inFlight -= 1;
    quietSince = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    count: () => sent.length,
    sent: () => [...sent],
    settled: () =>
      expect
        .poll(() => inFlight === 0 && sent.length > 0 && Date.now() - quietSince >= 500, {
          message: "a post was sent, and every post answered",
          timeout: 15_000,
        })
        .toBe(true),
  };
}

/** Puts a line in the context's cart the way a form post would (the context keeps the cookie). */
export async function addToCart(page: Page, merchandiseId: string, quantity = 1) {
  const response = await page.request.post("/api/cart", {
    form: { intent: "add", merchandiseId, quantity: String(quantity) },
  });
  expect(response.status()).toBe(200);
}

export const drawerOf = (page: Page) => page.getByRole("dialog", { name: "Your cart" });
export const cartButton = (page: Page) => page.getByRole("button", { name: /^Open cart/ }).first();
export const lineOf = (page: Page, title: string) =>
  drawerOf(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: title, exact: true }) });

/**
 * The cart as the server keeps it: a second tab of the same shopper (no CPU throttling), freshly
 * loaded, with its drawer open. Close it when done.
 */
export async function cartOnServer(context: BrowserContext) {
  const tab = await context.newPage();
  await tab.goto("/");
  await hydration(tab);
  await tab.waitForLoadState();
  await cartButton(tab).click();
  await expect(drawerOf(tab)).toBeVisible();
  return tab;
}

interface EmulatedMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string | null;
}

/** The mail emulator's messages that `match`. */
export async function mailsWhere(
  request: APIRequestContext,
  match: (mail: EmulatedMail) => boolean,
): Promise<EmulatedMail[]> {
  const messages: EmulatedMail[] = await (
    await request.get("/_emulators/mail/messages.json")
  ).json();
  return messages.filter(match);
}

/** The one mail that `match`es, once the outbox has sent it (waits up to 15 s for exactly one). */
export async function theOneMailWhere(
  request: APIRequestContext,
  match: (mail: EmulatedMail) => boolean,
): Promise<EmulatedMail | undefined> {
  await expect
    .poll(async () => (await mailsWhere(request, match)).length, { timeout: 15_000 })
    .toBe(1);
  const [mail] = await mailsWhere(request, match);
  return mail;
}

/** The newsletter emulator's rows (email, status) for `email`. */
export async function newsletterMembers(request: APIRequestContext, email: string) {
  const html = await (await request.get("/_emulators/newsletter")).text();
  return [...html.matchAll(/<tr><td>([^<]*)<\/td><td>([^<]*)<\/td>/g)]
    .map(([, address, status]) => ({ email: address, status }))
    .filter((member) => member.email === email);
}

/** Every purchase order of the signed-in customer, by its API (ten a page). */
export async function purchaseOrders(request: APIRequestContext) {
  const orders: { number: string; reference: string; status: string }[] = [];
  for (let page = 1; ; page++) {
    const response = await request.post("/api/customer/fetch-commercial-orders", {
      data: { limit: 10, page },
    });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { orders: typeof orders; hasMore: boolean };
    orders.push(...body.orders);
    if (!body.hasMore) return orders;
  }
}
