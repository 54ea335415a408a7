import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { upstreamServiceOf } from "./metrics";
import { newRequestScope, requestIdOf, serverTiming } from "./request-scope";

const withId = (id?: string) =>
  ({ headers: id === undefined ? {} : { "x-request-id": id } }) as IncomingMessage;

describe("the request id", () => {
  it("is the trusted proxy's when well formed, else a new one", () => {
    expect(requestIdOf(withId("edge-0123456789abcdef"), true)).toBe("edge-0123456789abcdef");
    expect(requestIdOf(withId("edge-0123456789abcdef"), false)).not.toBe("edge-0123456789abcdef");
    // What could forge a log line or a page, or fill either, is never taken.
    for (const forged of ["short", "id\nwith a line", "<script>", "x".repeat(129)]) {
      expect(requestIdOf(withId(forged), true), forged).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requestIdOf(withId(), true)).not.toBe(requestIdOf(withId(), true));
  });
});

describe("Server-Timing", () => {
  it("names the cache, the app's phases and the upstream wait, in milliseconds", () => {
    const scope = newRequestScope("id");
    scope.started = 0;
    scope.cache = "MISS";
    scope.appStarted = 2;
    scope.renderStarted = 40.25;
    scope.appEnded = 52;
    scope.upstreamMs = 30.5;
    scope.upstreamCalls = 2;
    expect(serverTiming(scope, 60)).toBe(
      "cache;desc=MISS, loaders;dur=38.3, render;dur=11.8, upstream;dur=30.5, total;dur=60.0",
    );
    const hit = newRequestScope("id");
    hit.started = 0;
    hit.cache = "HIT";
    expect(serverTiming(hit, 1.5)).toBe("cache;desc=HIT, total;dur=1.5");
  });
});

describe("upstream services", () => {
  it("are told apart by host when connected, by the emulator's path when embedded", () => {
    const cases: [string, string, string][] = [
      ["https://coral-bay.myshopify.com", "/api/2026-04/graphql.json", "storefront"],
      ["https://coral-bay.myshopify.com", "/admin/api/2026-04/graphql.json", "admin"],
      ["https://shopify.com", "/12345/account/customer/api/2026-04/graphql", "customer-account"],
      ["https://lagoon.cdn.prismic.io", "/api/v2/documents/search", "content"],
      ["https://us21.api.mailchimp.com", "/3.0/lists/abc/members/def", "newsletter"],
      ["http://127.0.0.1:3000", "/_emulators/storefront/api/2026-04/graphql.json", "storefront"],
      ["http://127.0.0.1:3000", "/_emulators/content/api/v2", "content"],
      ["https://example.com", "/", "other"],
    ];
    for (const [origin, path, service] of cases) {
      expect(upstreamServiceOf(origin, path), `${origin}${path}`).toBe(service);
    }
  });
});
