import { STOREFRONT_API_VERSION } from "../../app/lib/commerce/api-version";
import type { CartActionServices } from "../../app/lib/commerce/cart-action.server";
import { type CartLocks, createCartLocks } from "../../app/lib/commerce/cart-lock.server";
import { createStorefrontClient } from "../../app/lib/commerce/storefront.server";
import { createCustomerAccountClient } from "../../app/lib/customer/customer-account.server";
import { createExpiringState, type ExpiringState } from "../../app/lib/state/expiring-state.server";
import { createMemoryCache, type DatabaseHandle, readConfig } from "./server-parts";

// The services /api/cart runs on in the cart's tests: the production Storefront client against
// the storefront emulator over real HTTP, a cache of its own. No vitest here: a child process
// (cart-press-child.ts) builds the same services as a second app process would.

export const STOREFRONT_MOUNT = "/_emulators/storefront";

export interface CartServicesOptions {
  /** The emulator's server, e.g. http://127.0.0.1:PORT (mounted at STOREFRONT_MOUNT). */
  origin: string;
  /** The app's database, where cart changes take their turn; asked for on the first change. */
  database: () => DatabaseHandle;
  /** Asks the emulator to fail every call (e.g. "status:500"). */
  fault?: string;
  warnings?: string[];
}

/** A Storefront client for the emulator at `origin`; `fault` asks it to fail. */
export function emulatorStorefront(origin: string, fault?: string, signal?: AbortSignal) {
  return createStorefrontClient(
    {
      storeDomain: `${origin}${STOREFRONT_MOUNT}`,
      apiVersion: STOREFRONT_API_VERSION,
      publicAccessToken: "demo-public-token",
    },
    {
      cache: createMemoryCache(),
      signal,
      fetch: fault
        ? (input, init) =>
            fetch(input, {
              ...init,
              headers: {
                ...(init?.headers as Record<string, string>),
                "X-Emulator-Fault": fault,
              },
            })
        : undefined,
    },
  );
}

/** The services of one app process: a cache and cart turns of its own. */
export function cartActionServices(options: CartServicesOptions): CartActionServices {
  const warnings = options.warnings ?? [];
  const logger = { warn: (_details: unknown, message: string) => warnings.push(message) };
  let locks: CartLocks | undefined;
  const cartLocks: CartLocks = {
    withCart(cartId, change) {
      locks ??= createCartLocks(options.database(), logger);
      return locks.withCart(cartId, change);
    },
  };
  // Changes already applied are remembered on the shared database, as the app does.
  let expiring: ExpiringState | undefined;
  const state: ExpiringState = {
    increment: (...args) => own().increment(...args),
    put: (...args) => own().put(...args),
    get: (key) => own().get(key),
    take: (key) => own().take(key),
    delete: (key) => own().delete(key),
  };
  const own = () => {
    expiring ??= createExpiringState(options.database());
    return expiring;
  };
  return {
    config: readConfig({ NODE_ENV: "test" }),
    cache: createMemoryCache(),
    cartLocks,
    state,
    logger,
    // Customer sessions (signed-in checkout) live in the same database.
    database: {
      get db() {
        return options.database().db;
      },
    },
    storefront: (_buyerIp, signal) => emulatorStorefront(options.origin, options.fault, signal),
    // These suites check out anonymously; signed-in checkout is covered end to end.
    customerAccount: createCustomerAccountClient({
      apiUrl: `${options.origin}/no-customer-account`,
    }),
  };
}
