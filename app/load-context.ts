import type { AppServices } from "../server/services";

declare module "react-router" {
  interface AppLoadContext {
    /** CSP nonce of this response. */
    nonce: string;
    services: AppServices;
    /** The shopper's IP (behind trusted proxies, from X-Forwarded-For), for Storefront rate limits. */
    buyerIp?: string;
  }
}
