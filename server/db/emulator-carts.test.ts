import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorefrontEmulator, type StoredCart } from "../../emulators/storefront";
import {
  postgresAvailable,
  requireServiceInCi,
  throwawayPostgresDatabase,
} from "../../tests/support/services";
import { createDatabaseCartStorage } from "./emulator-carts";
import { type DatabaseHandle, openDatabase, writesAlone } from "./index";

const catalogDir = fileURLToPath(new URL("../../demo/catalog", import.meta.url));
const PUMP = "gid://shopify/ProductVariant/47100001";
const POOL_SALT = "gid://shopify/ProductVariant/47100047"; // 120 in stock

/** The storefront emulator on a real HTTP server, its carts in `handle`'s database. */
async function startEmulator(handle: DatabaseHandle) {
  const app = express();
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app.use(
    "/storefront",
    createStorefrontEmulator({
      catalogDir,
      publicOrigin: origin,
      carts: createDatabaseCartStorage(handle.db),
    }),
  );
  // biome-ignore lint/suspicious/noExplicitAny: responses are inspected ad hoc
  const graphql = async (query: string, variables: Record<string, unknown>): Promise<any> => {
    const response = await fetch(`${origin}/storefront/api/2026-04/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Storefront-Access-Token": "t" },
      body: JSON.stringify({ query, variables }),
    });
    const body = await response.json();
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  return {
    origin,
    graphql,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const CART = "cart { id totalQuantity lines(first: 10) { nodes { id quantity } } }";

function newCart(): StoredCart {
  return {
    token: `t${randomBytes(6).toString("hex")}`,
    key: "k",
    lines: [],
    attributes: [],
    note: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    completedAt: null,
    version: 1,
  };
}

function defineCartStorageSuite(handle: () => DatabaseHandle) {
  it("keeps carts across an emulator restart", async () => {
    const first = await startEmulator(handle());
    const created = await first.graphql(
      `mutation($input: CartInput) { cartCreate(input: $input) { ${CART} } }`,
      { input: { lines: [{ merchandiseId: PUMP, quantity: 2 }] } },
    );
    const cartId = created.cartCreate.cart.id;
    await first.close();

    const second = await startEmulator(handle());
    try {
      const read = await second.graphql(
        `query($id: ID!) { ${CART.replace("cart", "cart(id: $id)")} }`,
        {
          id: cartId,
        },
      );
      expect(read.cart).toEqual(created.cartCreate.cart);
      const added = await second.graphql(
        `mutation($cartId: ID!, $lines: [CartLineInput!]!) {
          cartLinesAdd(cartId: $cartId, lines: $lines) { ${CART} } }`,
        { cartId, lines: [{ merchandiseId: PUMP, quantity: 1 }] },
      );
      expect(added.cartLinesAdd.cart.totalQuantity).toBe(3);
    } finally {
      await second.close();
    }
  });

  it("loses no addition when several arrive at once (compare-and-set, retried)", async () => {
    const emulator = await startEmulator(handle());
    try {
      const { cartCreate } = await emulator.graphql(
        `mutation { cartCreate(input: {}) { cart { id } } }`,
        {},
      );
      await Promise.all(
        Array.from({ length: 20 }, () =>
          emulator.graphql(
            `mutation($cartId: ID!, $lines: [CartLineInput!]!) {
              cartLinesAdd(cartId: $cartId, lines: $lines) { userErrors { message } } }`,
            { cartId: cartCreate.cart.id, lines: [{ merchandiseId: POOL_SALT }] },
          ),
        ),
      );
      const read = await emulator.graphql(`query($id: ID!) { cart(id: $id) { totalQuantity } }`, {
        id: cartCreate.cart.id,
      });
      expect(read.cart.totalQuantity).toBe(20);
    } finally {
      await emulator.close();
    }
  });

  it("saves only on top of the version a write was computed from", async () => {
    const storage = createDatabaseCartStorage(handle().db);
    const cart = newCart();
    expect(await storage.save(cart)).toBe(true);
    expect(await storage.save(cart)).toBe(false);
    const next = { ...cart, note: "first", version: 2 };
    expect(await storage.save(next)).toBe(true);
    expect(await storage.save({ ...cart, note: "stale", version: 2 })).toBe(false);
    expect(await storage.load(cart.token)).toEqual(next);
  });

  it("gives every storage over one database the cart another one saved last", async () => {
    const [a, b] = [createDatabaseCartStorage(handle().db), createDatabaseCartStorage(handle().db)];
    const cart = newCart();
    expect(await a.save(cart)).toBe(true);
    expect(await b.load(cart.token)).toEqual(cart);
    const next = { ...cart, note: "changed by a", version: 2 };
    expect(await a.save(next)).toBe(true);
    expect(await b.load(cart.token)).toEqual(next);
    // b still believed version 1: its write loses, and it reads the stored cart again.
    expect(await b.save({ ...cart, note: "stale", version: 2 })).toBe(false);
    expect(await b.load(cart.token)).toEqual(next);
  });

  it("hands out copies: changing a cart read changes nothing stored", async () => {
    const storage = createDatabaseCartStorage(handle().db);
    const cart = newCart();
    await storage.save(cart);
    const read = (await storage.load(cart.token)) as StoredCart;
    read.lines.push({ id: "line", merchandiseId: PUMP, quantity: 1, attributes: [] });
    read.note = "scribbled";
    expect(await storage.load(cart.token)).toEqual(cart);
  });

  it("numbers and lists checkout orders", async () => {
    const storage = createDatabaseCartStorage(handle().db);
    const order = {
      cartToken: "t",
      customerId: null,
      customerOrderName: null,
      email: "shopper@example.com",
      currencyCode: "AUD",
      lineItems: [],
      shippingAddress: null,
      shippingLine: null,
      subtotal: "10.00",
      total: "10.00",
      createdAt: new Date().toISOString(),
    };
    const first = await storage.recordOrder(order);
    const second = await storage.recordOrder({ ...order, email: "other@example.com" });
    expect(first).toBeGreaterThanOrEqual(1001);
    expect(second).toBe(first + 1);
    expect((await storage.listOrders()).slice(-2)).toEqual([
      { ...order, number: first },
      { ...order, email: "other@example.com", number: second },
    ]);
  });
}

describe("emulator carts on PGlite (memory://)", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory://" });
  }, 30_000);
  afterAll(async () => {
    await handle?.close();
  });
  defineCartStorageSuite(() => handle);

  it("is written by this process alone, so carts are kept in memory as well", () => {
    expect(writesAlone(handle.db)).toBe(true);
  });
});

const postgres = await postgresAvailable();
const runPostgres = requireServiceInCi(postgres);

describe.runIf(runPostgres)("emulator carts on PostgreSQL", () => {
  const database = throwawayPostgresDatabase("lagoon_carts");
  const databaseUrl = database.url;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    await database.create();
    handle = await openDatabase({ databaseUrl, dataDir: "unused" });
  });
  afterAll(async () => {
    await handle?.close();
    await database.drop();
  });
  defineCartStorageSuite(() => handle);

  it("may be written by other processes, so every read asks it", () => {
    expect(writesAlone(handle.db)).toBe(false);
  });
});
