import type { AppContext } from "./lib/context.server";

declare module "react-router" {
  interface AppLoadContext {
    /** CSP nonce of this response. */
    nonce: string;
    services: AppContext;
    /** The shopper's IP (behind trusted proxies, from X-Forwarded-For), for Storefront rate limits. */
    buyerIp?: string;
  }
}
