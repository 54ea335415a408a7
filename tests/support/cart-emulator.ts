import { fileURLToPath } from "node:url";
import express from "express";
import { afterAll, beforeAll } from "vitest";
import type { CartActionServices } from "../../app/lib/commerce/cart-action.server";
import { type CartStorage, createStorefrontEmulator } from "../../emulators/storefront";
import { createDatabaseCartStorage } from "../../server/db/emulator-carts";
import { type Browser, postCartForm } from "./cart-form";
import { cartActionServices, emulatorStorefront, STOREFRONT_MOUNT } from "./cart-services";
import { type LoopbackServer, listenOnLoopback } from "./loopback";
import { type DatabaseHandle, openDatabase } from "./server-parts";

// The cart's tests run the production client and the /api/cart action over real HTTP against the
// storefront emulator; this is their shared stage.

export { Browser, cartOf, postCartForm, SHOP } from "./cart-form";

export const MOUNT = STOREFRONT_MOUNT;
export const PUMP = "gid://shopify/ProductVariant/47100001"; // 14 in stock
export const LOW_STOCK_TESTER = "gid://shopify/ProductVariant/47100062"; // 1 in stock
export const ONLINE_COURSE = "gid://shopify/ProductVariant/47100237"; // Spa Maintenance Basics
export const POOL_SALT = "gid://shopify/ProductVariant/47100047"; // 120 in stock

const catalogDir = fileURLToPath(new URL("../../demo/catalog", import.meta.url));

/**
 * Starts the emulator for the calling test file; its clients and services reach it. Given a
 * database, the emulator keeps its carts there (as the server does in embedded mode) and the
 * services use it; otherwise carts live in memory and the services' cart turns are taken on an
 * in-memory PGlite of the file's own (opened before the tests: opening it blocks the process for
 * seconds, long enough for the emulator to drop a kept-alive connection a request is reusing).
 */
export function startStorefrontEmulator(options: { database?: () => DatabaseHandle } = {}) {
  let server: LoopbackServer;
  let origin = "";
  const warnings: string[] = [];
  let ownDatabase: DatabaseHandle | undefined;
  const database = () => {
    const handle = options.database?.() ?? ownDatabase;
    if (!handle) throw new Error("The cart emulator's database is not open yet");
    return handle;
  };

  beforeAll(async () => {
    const app = express();
    server = await listenOnLoopback(app);
    origin = server.origin;
    const carts: CartStorage | undefined = options.database
      ? createDatabaseCartStorage(options.database().db)
      : undefined;
    app.use(
      MOUNT,
      createStorefrontEmulator({ catalogDir, publicOrigin: origin, carts, testControls: true }),
    );
    if (!options.database) ownDatabase = await openDatabase({ dataDir: "memory://" });
  }, 60_000);

  afterAll(async () => {
    await server.close();
    await ownDatabase?.close();
  });

  /** A Storefront client; `fault` asks the emulator to fail (e.g. "status:500"). */
  const storefront = (fault?: string) => emulatorStorefront(origin, fault);

  /** Services as one app process has them (a cache of its own), on the shared database. */
  const services = (serviceOptions: { fault?: string } = {}): CartActionServices =>
    cartActionServices({ origin, database, fault: serviceOptions.fault, warnings });

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
