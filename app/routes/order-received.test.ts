import { describe, expect, it } from "vitest";
import { ONLINE_COURSE, PUMP } from "../../tests/support/cart-emulator";
import { CookieJar } from "../../tests/support/customer-account-emulator";
import { lagoonForFile } from "../../tests/support/lagoon-server";
import { DEMO_CUSTOMERS, signInOverHttp } from "../../tests/support/shopper";

// product §2: the course-booking thank-you page confirms a booking, so it is shown only on
// /thank-you/order-received, to the customer whose order has a course (issue 30).

const shop = lagoonForFile();
const BOOKED = "You're booked in";

/** Adds `form` to the jar's cart, checks out on the emulator and returns the thank-you URL. */
async function placeOrder(jar: CookieJar, form: Record<string, string>): Promise<string> {
  const post = (url: string, body: Record<string, string>) =>
    fetch(url, {
      method: "POST",
      headers: { cookie: jar.header(), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(body),
      redirect: "manual",
    });
  const added = await post(`${shop.origin}/api/cart`, { intent: "add", ...form });
  jar.store(added);
  expect(added.status).toBeLessThan(400);
  const checkout = await post(`${shop.origin}/api/cart`, { intent: "checkout" });
  expect(checkout.status).toBe(303);
  const placed = await post(new URL(checkout.headers.get("location") ?? "", shop.origin).href, {
    email: DEMO_CUSTOMERS.everyday,
    firstName: "Olivia",
    lastName: "Bennett",
    address1: "5 Marine Parade",
    city: "Coolangatta",
    zoneCode: "QLD",
    zip: "4225",
  });
  expect(placed.status).toBe(303);
  const thanks = placed.headers.get("location") ?? "";
  expect(thanks).toMatch(/\/thank-you\/order-received\?order=\d+$/);
  return new URL(thanks, shop.origin).href;
}

const textOf = async (url: string, jar?: CookieJar) => {
  const response = await fetch(url, { headers: jar ? { cookie: jar.header() } : {} });
  return { status: response.status, html: await response.text() };
};

describe("the course-booking confirmation", () => {
  it("is a 404 at its own address, where it would confirm a booking to anyone", async () => {
    expect((await textOf(`${shop.origin}/thank-you/course-booking`)).status).toBe(404);
  });

  it("is what a customer whose order has a course reads after the checkout, and only they", async () => {
    const olivia = await signInOverHttp(shop.origin, DEMO_CUSTOMERS.everyday);
    const thanks = await placeOrder(olivia, {
      merchandiseId: ONLINE_COURSE,
      quantity: "1",
      "participant-1-name": "Olivia Bennett",
      "participant-1-email": DEMO_CUSTOMERS.everyday,
      "participant-1-phone": "0400 000 001",
    });
    const own = await textOf(thanks, olivia);
    expect(own.status).toBe(200);
    expect(own.html).toContain(BOOKED);
    expect(own.html).toContain("Spa Maintenance Basics");

    const stranger = await textOf(thanks);
    expect(stranger.status).toBe(200);
    expect(stranger.html).not.toContain(BOOKED);
    expect(stranger.html).toContain("Thank you for your order");
  });

  it("is not what an order without a course reads", async () => {
    const olivia = await signInOverHttp(shop.origin, DEMO_CUSTOMERS.everyday, new CookieJar());
    const thanks = await placeOrder(olivia, {
      merchandiseId: PUMP,
      quantity: "1",
    });
    const own = await textOf(thanks, olivia);
    expect(own.html).toContain("Thank you for your order");
    expect(own.html).not.toContain(BOOKED);
  });
});
