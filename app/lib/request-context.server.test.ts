import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { AppContext } from "./context.server";
import {
  requestContextValues,
  serverValuesOf,
  servicesContext,
  shopperContext,
  shopperMiddleware,
} from "./request-context.server";

function servicesWith() {
  const catalog = vi.fn(() => ({ kind: "catalog" }));
  const storefront = vi.fn(() => ({ kind: "storefront" }));
  return { services: { catalog, storefront } as unknown as AppContext, catalog, storefront };
}

async function runMiddleware(services: AppContext, request: Request, url: URL) {
  const context = new RouterContextProvider(
    requestContextValues(services, { nonce: "n0nce", buyerIp: "203.0.113.7" }),
  );
  await shopperMiddleware(
    { request, url, context, params: {}, pattern: "/" } as never,
    async () => new Response(),
  );
  return context;
}

describe("the request context", () => {
  it("carries the server's services and nonce", () => {
    const { services } = servicesWith();
    const context = new RouterContextProvider(requestContextValues(services, { nonce: "n0nce" }));
    expect(context.get(servicesContext)).toBe(services);
    expect(serverValuesOf(context).nonce).toBe("n0nce");
  });

  it("gives the shopper a catalogue whose reads carry their IP and end with their request", async () => {
    const { services, catalog, storefront } = servicesWith();
    const request = new Request("http://shop.example/store/products/pump.data");
    const url = new URL("http://shop.example/store/products/pump");
    const shopper = (await runMiddleware(services, request, url)).get(shopperContext);

    expect(shopper.url.pathname).toBe("/store/products/pump");
    expect(shopper.buyerIp).toBe("203.0.113.7");
    expect(shopper.catalog).toBe(shopper.catalog);
    expect(catalog).toHaveBeenCalledTimes(1);
    expect(catalog).toHaveBeenCalledWith("203.0.113.7", request.signal);
    // The storefront client is made only when a loader asks for it.
    expect(storefront).not.toHaveBeenCalled();
    void shopper.storefront;
    expect(storefront).toHaveBeenCalledWith("203.0.113.7", request.signal);
  });
});
