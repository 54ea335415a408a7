import { fileURLToPath } from "node:url";
import express from "express";
import { afterAll, beforeAll } from "vitest";
import { STOREFRONT_API_VERSION } from "../../app/lib/commerce/api-version";
import {
  type CartActionData,
  type CartActionServices,
  handleCartAction,
} from "../../app/lib/commerce/cart-action.server";
import { createStorefrontClient } from "../../app/lib/commerce/storefront.server";
import { createCustomerAccountClient } from "../../app/lib/customer/customer-account.server";
import { createStorefrontEmulator } from "../../emulators/storefront";
import { type LoopbackServer, listenOnLoopback } from "./loopback";
import { createMemoryCache, type DatabaseHandle, openDatabase, readConfig } from "./server-parts";

// The cart's tests run the production client and the /api/cart action over real HTTP against the
// storefront emulator; this is their shared stage.

export const MOUNT = "/_emulators/storefront";
export const SHOP = "http://shop.test";
export const PUMP = "gid://shopify/ProductVariant/47100001"; // 14 in stock
export const LOW_STOCK_TESTER = "gid://shopify/ProductVariant/47100062"; // 1 in stock
export const ONLINE_COURSE = "gid://shopify/ProductVariant/47100237"; // Spa Maintenance Basics

const catalogDir = fileURLToPath(new URL("../../demo/catalog", import.meta.url));

/**
 * Starts the emulator for the calling test file; its clients and services reach it. With
 * `database`, services() carry an in-memory database for customer sessions (signed-in checkout).
 */
export function startStorefrontEmulator(settings: { database?: boolean } = {}) {
  let server: LoopbackServer;
  let origin = "";
  const warnings: string[] = [];
  let database: DatabaseHandle | undefined;

  beforeAll(async () => {
    if (settings.database) database = await openDatabase({ dataDir: "memory://" });
    const app = express();
    server = await listenOnLoopback(app);
    origin = server.origin;
    app.use(
      MOUNT,
      createStorefrontEmulator({ catalogDir, publicOrigin: origin, testControls: true }),
    );
    // Opening PGlite takes seconds, many more on a busy machine.
  }, 60_000);

  afterAll(async () => {
    await server.close();
    await database?.close();
  });

  /** A Storefront client; `fault` asks the emulator to fail (e.g. "status:500"). */
  const storefront = (fault?: string) =>
    createStorefrontClient(
      {
        storeDomain: `${origin}${MOUNT}`,
        apiVersion: STOREFRONT_API_VERSION,
        publicAccessToken: "demo-public-token",
      },
      {
        cache: createMemoryCache(),
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

  const services = (options: { fault?: string } = {}): CartActionServices => ({
    config: readConfig({ NODE_ENV: "test" }),
    cache: createMemoryCache(),
    logger: { warn: (_details: unknown, message: string) => warnings.push(message) },
    storefront: () => storefront(options.fault),
    database: {
      get db() {
        if (!database) throw new Error("startStorefrontEmulator({ database: true }) opens one");
        return database.db;
      },
    },
    // These suites check out anonymously; signed-in checkout is covered end to end.
    customerAccount: createCustomerAccountClient({ apiUrl: `${origin}/no-customer-account` }),
  });

  return {
    get origin() {
      return origin;
    },
    storefront,
    services,
    /** Posts a cart form with fresh services() unless given some. */
    post: (
      browser: Browser,
      fields: Record<string, string>,
      options: { services?: CartActionServices; navigate?: boolean } = {},
    ) => postCartForm(browser, fields, { ...options, services: options.services ?? services() }),
    /** The messages services() logged as warnings. */
    warnings,
  };
}

/** A browser's cookie jar, as far as these tests need one. */
export class Browser {
  cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  keep(setCookies: string[]) {
    for (const setCookie of setCookies) {
      const [pair = ""] = setCookie.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (/max-age=0/i.test(setCookie) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** A GET of `path` with the cookies this browser holds. */
  request(path = "/"): Request {
    return new Request(new URL(path, SHOP), { headers: { Cookie: this.header() } });
  }
}

type ActionResult = Awaited<ReturnType<typeof handleCartAction>>;

/** Posts a cart form as a fetcher would (or, with `navigate`, as the browser itself). */
export async function postCartForm(
  browser: Browser,
  fields: Record<string, string>,
  options: { services: CartActionServices; navigate?: boolean },
): Promise<{ status: number; body?: CartActionData; location?: string | null }> {
  const request = new Request(`${SHOP}/api/cart`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      Cookie: browser.header(),
      ...(options.navigate
        ? { Accept: "text/html", "Sec-Fetch-Mode": "navigate", Referer: `${SHOP}/store/x` }
        : {}),
    },
  });
  const result: ActionResult = await handleCartAction(request, options.services);
  if (result instanceof Response) {
    browser.keep(result.headers.getSetCookie());
    return { status: result.status, location: result.headers.get("Location") };
  }
  browser.keep(new Headers(result.init?.headers).getSetCookie());
  return { status: result.init?.status ?? 200, body: result.data };
}

export const cartOf = (body: CartActionData | undefined) => {
  if (!body?.ok) throw new Error(`expected a cart, got ${JSON.stringify(body)}`);
  return body.cart;
};
