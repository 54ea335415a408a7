import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { isForShoppers, isFromThisMachine } from "./emulator-access";

// Decision 010. The HTTP behaviour is in embedded-exposure.test.ts; these are the cases a test
// on one machine's loopback cannot make.

const request = (remoteAddress: string, localAddress: string, headers = {}) =>
  ({ socket: { remoteAddress, localAddress }, headers }) as unknown as IncomingMessage;

describe("a request from the machine the shop runs on", () => {
  it("comes from loopback, in any of its forms", () => {
    expect(isFromThisMachine(request("127.0.0.1", "127.0.0.1"))).toBe(true);
    expect(isFromThisMachine(request("127.0.0.2", "127.0.0.1"))).toBe(true);
    expect(isFromThisMachine(request("::1", "::1"))).toBe(true);
    expect(isFromThisMachine(request("::ffff:127.0.0.1", "::ffff:127.0.0.1"))).toBe(true);
  });

  it("or from the server's own address, as when the app calls itself on HOST", () => {
    expect(isFromThisMachine(request("10.1.2.3", "10.1.2.3"))).toBe(true);
    expect(isFromThisMachine(request("10.1.2.4", "10.1.2.3"))).toBe(false);
    expect(isFromThisMachine(request("::ffff:192.0.2.1", "::ffff:127.0.0.1"))).toBe(false);
  });

  it("is not one a proxy forwarded for someone elsewhere", () => {
    const proxied = (headers: Record<string, string>) =>
      isFromThisMachine(request("127.0.0.1", "127.0.0.1", headers));
    expect(proxied({ "x-forwarded-for": "198.51.100.7" })).toBe(false);
    expect(proxied({ forwarded: "for=unknown" })).toBe(false);
    expect(proxied({ forwarded: "for=_hidden, for=127.0.0.1" })).toBe(false);
    expect(proxied({ "x-forwarded-for": "127.0.0.1", forwarded: 'for="[::1]:80"' })).toBe(true);
  });
});

describe("the emulator paths a shopper needs", () => {
  it.each([
    "/storefront/images/products/davey-silensorpro-sls-pool-pump/1.svg",
    "/storefront/files/manual.pdf",
    "/storefront/cart/c/abc?key=1",
    "/content/images/about-team.svg",
    "/customer-account/auth",
    "/customer-account/interaction/abc/login",
    "/Customer-Account/token",
    "/newsletter/confirm/abc",
  ])("include %s", (path) => {
    expect(isForShoppers(path)).toBe(true);
  });

  it.each([
    "/mail",
    "/mail/1",
    "/newsletter",
    "/newsletter/3.0/lists/lagoon-demo/members/0",
    "/storefront/api/2026-04/graphql.json",
    "/storefront/admin/draft-orders.json",
    "/storefront/_stats",
    "/content/api/v2",
    "/content/preview",
    "/customer-account/_test/revoke-grants",
    "/customer-account/_TEST/revoke-grants",
    "/customer-account/_test",
    "/customer-account//_test/revoke-grants",
    "/storefront/images/../_stats",
    "/storefront/images/%2e%2e/_stats",
    "/storefront/images/.%2E/_stats",
    "/storefront/images%2f..%2f_stats",
    "/storefront/images/%5C..%5C_stats",
    "/newsletter/confirm/..",
    "/newsletter/confirm/x/../../3.0/lists/lagoon-demo/members/0",
  ])("leave out %s", (path) => {
    expect(isForShoppers(path)).toBe(false);
  });
});
