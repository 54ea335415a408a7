import { describe, expect, it } from "vitest";
import { type CartNotice, serializeCartNotice, takeCartNotice } from "./cart-notice.server";

const config = { env: "test" as const };
const pageWith = (cookie: string) =>
  new Request("http://shop.test/", { headers: { Cookie: cookie } });
const asCookie = (setCookie: string) => setCookie.split(";")[0] ?? "";
const encoded = (value: unknown) =>
  `lagoon_cart_notice=${encodeURIComponent(btoa(JSON.stringify(value)))}`;

describe("the cart notice cookie", () => {
  it("carries a notice to the next page once, and clears it", async () => {
    const notice: CartNotice = {
      title: "Empty Cart",
      description: "Your cart is empty!",
      kind: "error",
    };
    const setCookie = await serializeCartNotice(notice, config);
    expect(setCookie).toMatch(
      /^lagoon_cart_notice=.+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const taken = await takeCartNotice(pageWith(asCookie(setCookie)), config);
    expect(taken.notice).toEqual(notice);
    expect(taken.setCookie).toMatch(/^lagoon_cart_notice=; Max-Age=0;/);
    expect(await takeCartNotice(pageWith("lagoon_cart=abc"), config)).toEqual({ notice: null });
  });

  it("shows nothing for a malformed or tampered cookie, and clears it", async () => {
    for (const cookie of [
      "lagoon_cart_notice=%%%",
      "lagoon_cart_notice=not-base64!",
      `lagoon_cart_notice=${btoa("{not json")}`,
      encoded("Empty Cart"),
      encoded({ description: "no title", kind: "error" }),
      encoded({ title: "Hi", kind: "warning" }),
      encoded({ title: 7, kind: "error" }),
      encoded({ title: "Hi", kind: "error", reauthenticate: "yes" }),
    ]) {
      const taken = await takeCartNotice(pageWith(cookie), config);
      expect(taken.notice, cookie).toBeNull();
      expect(taken.setCookie, cookie).toMatch(/^lagoon_cart_notice=; Max-Age=0;/);
    }
  });
});
