import { RouterContextProvider } from "react-router";
import type { AppContext } from "../../app/lib/context.server";
import { servicesContext, shopperContext } from "../../app/lib/request-context.server";

/**
 * React Router's request context as the server and the root's middleware make it, for calling a
 * loader, an action or a domain function directly: whichever services the test gives, and the
 * shopper's catalogue from them.
 */
export function requestContextFor(
  services: object,
  { buyerIp, url = "http://localhost/" }: { buyerIp?: string; url?: string } = {},
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services as AppContext);
  context.set(shopperContext, {
    nonce: "test-nonce",
    buyerIp,
    url: new URL(url),
    get storefront() {
      return (services as AppContext).storefront(buyerIp);
    },
    get catalog() {
      return (services as AppContext).catalog(buyerIp);
    },
  });
  return context;
}
