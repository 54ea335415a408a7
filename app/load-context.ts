import type { AppServices } from "../server/services";

declare module "react-router" {
  interface AppLoadContext {
    /** CSP nonce of this response. */
    nonce: string;
    services: AppServices;
  }
}
