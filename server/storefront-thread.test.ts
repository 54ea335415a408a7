import { fileURLToPath } from "node:url";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CartStorage,
  type CheckoutCustomers,
  createMemoryCartStorage,
} from "../emulators/storefront";
import { type LoopbackServer, listenOnLoopback } from "../tests/support/loopback";
import { type StorefrontThread, startStorefrontThread } from "./storefront-thread";

// Decision 013: the storefront emulator on a thread of its own, as the server starts it in
// embedded mode. The app calls it on its own port; a browser reaches it through the shop's
// server; its carts and the checkout's customer stay on the main thread.

const catalogDir = fileURLToPath(new URL("../demo/catalog", import.meta.url));
const MOUNT = "/_emulators/storefront";
const ONLINE_COURSE = "gid://shopify/ProductVariant/47100235"; // not tracked, $395
const OLIVIA_COOKIE = "_session=olivia";

let shop: LoopbackServer;
let thread: StorefrontThread;
let storage: CartStorage;
let failLoads = false;
const cookiesSeen: (string | undefined)[] = [];
const orders: { customerId: string; total: string }[] = [];

const customers: CheckoutCustomers = {
  async findSignedInCustomer(req) {
    cookiesSeen.push(req.headers.cookie);
    if (req.headers.cookie !== OLIVIA_COOKIE) return undefined;
    return {
      id: "gid://shopify/Customer/7",
      email: "olivia@example.com",
      firstName: "Olivia",
      lastName: "Bennett",
      phoneNumber: null,
      defaultAddress: null,
    };
  },
  async addOrder(customerId, order) {
    orders.push({ customerId, total: order.total });
    return { id: "gid://shopify/Order/5001", name: "#1001" };
  },
};

beforeAll(async () => {
  const app = express();
  shop = await listenOnLoopback(app);
  const memory = createMemoryCartStorage();
  storage = {
    ...memory,
    load: (token) =>
      failLoads ? Promise.reject(new Error("the database is down")) : memory.load(token),
  };
  thread = await startStorefrontThread({
    emulator: { catalogDir, publicOrigin: shop.origin, testControls: true, mountPath: MOUNT },
    carts: storage,
    // Every read crosses to the main thread here; the suite below has the thread keep them.
    keepCarts: false,
    customers,
  });
  app.use(MOUNT, thread.forward);
});

afterAll(async () => {
  await thread?.close();
  await shop?.close();
});

/** A Storefront API call to the emulator's thread at `endpoint` (the suite's own by default). */
async function graphql(
  query: string,
  variables: Record<string, unknown> = {},
  endpoint = thread.endpoint,
) {
  const response = await fetch(`${endpoint}/api/2026-04/graphql.json`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Storefront-Access-Token": "any",
    },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: await response.json() };
}

const createCart = async () => {
  const { body } = await graphql(
    `mutation($input: CartInput) {
      cartCreate(input: $input) { cart { id checkoutUrl totalQuantity } userErrors { message } }
    }`,
    { input: { lines: [{ merchandiseId: ONLINE_COURSE, quantity: 2 }] } },
  );
  return body.data.cartCreate.cart as { id: string; checkoutUrl: string; totalQuantity: number };
};

describe("the storefront emulator on its own thread", () => {
  it("answers the app on a port of its own, and keeps the carts in the main thread's storage", async () => {
    expect(new URL(thread.endpoint).origin).not.toBe(shop.origin);
    expect(new URL(thread.endpoint).pathname).toBe(MOUNT);
    const cart = await createCart();
    expect(cart.totalQuantity).toBe(2);
    const token = /Cart\/([\w-]+)\?/.exec(cart.id)?.[1] ?? "";
    const stored = await storage.load(token);
    expect(stored?.lines).toEqual([
      expect.objectContaining({ merchandiseId: ONLINE_COURSE, quantity: 2 }),
    ]);
  });

  it("serves what the browser asks of it through the shop's server, its links on the shop's origin", async () => {
    const cart = await createCart();
    expect(cart.checkoutUrl.startsWith(`${shop.origin}${MOUNT}/cart/c/`)).toBe(true);
    const page = await fetch(cart.checkoutUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<label for="checkout-email">Email/);
    const image = await fetch(
      `${shop.origin}${MOUNT}/images/products/davey-silensorpro-sls-pool-pump/1.svg`,
    );
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(
      (await fetch(`${shop.origin}${MOUNT}/images/products/no-such-product/1.svg`)).status,
    ).toBe(404);
  });

  it("asks the main thread who is signed in, from the browser's cookie, and puts the order on their account", async () => {
    const cart = await createCart();
    const url = `${cart.checkoutUrl}&logged_in=true`;
    const html = await (await fetch(url, { headers: { cookie: OLIVIA_COOKIE } })).text();
    expect(cookiesSeen).toContain(OLIVIA_COOKIE);
    expect(html).toContain("Signed in as <strong>olivia@example.com</strong>");
    const placed = await fetch(url, {
      method: "POST",
      headers: { cookie: OLIVIA_COOKIE },
      body: new URLSearchParams({ email: "olivia@example.com" }),
      redirect: "manual",
    });
    expect(placed.status).toBe(303);
    expect(orders).toEqual([{ customerId: "gid://shopify/Customer/7", total: "790.00" }]);
    expect((await storage.listOrders()).at(-1)).toMatchObject({
      customerId: "gid://shopify/Customer/7",
      customerOrderName: "#1001",
    });
  });

  it("answers with an error when the main thread cannot read a cart, and goes on answering", async () => {
    const cart = await createCart();
    const read = `query($id: ID!) { cart(id: $id) { totalQuantity } }`;
    failLoads = true;
    try {
      const failed = await graphql(read, { id: cart.id });
      expect(failed.body.errors?.[0]?.message).toMatch(/the database is down/);
    } finally {
      failLoads = false;
    }
    expect((await graphql(read, { id: cart.id })).body.data.cart.totalQuantity).toBe(2);
  });
});

describe("a storefront emulator's thread that keeps its carts", () => {
  it("reads a cart it wrote without asking the main thread, which still stores every change", async () => {
    const app = express();
    const server = await listenOnLoopback(app);
    const memory = createMemoryCartStorage();
    const loads: string[] = [];
    const kept = await startStorefrontThread({
      emulator: { catalogDir, publicOrigin: server.origin, mountPath: MOUNT },
      carts: {
        ...memory,
        load(token) {
          loads.push(token);
          return memory.load(token);
        },
      },
      keepCarts: true,
      customers,
    });
    try {
      const call = async (query: string, variables: Record<string, unknown>) =>
        (await graphql(query, variables, kept.endpoint)).body.data;
      const created = await call(
        `mutation($input: CartInput) { cartCreate(input: $input) { cart { id } } }`,
        { input: { lines: [{ merchandiseId: ONLINE_COURSE, quantity: 1 }] } },
      );
      const id = created.cartCreate.cart.id as string;
      const token = /Cart\/([\w-]+)\?/.exec(id)?.[1] ?? "";
      const loadsAfterCreate = loads.length;
      const read = `query($id: ID!) { cart(id: $id) { totalQuantity } }`;
      expect((await call(read, { id })).cart.totalQuantity).toBe(1);
      expect((await call(read, { id })).cart.totalQuantity).toBe(1);
      expect(loads).toHaveLength(loadsAfterCreate);

      await call(
        `mutation($id: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $id, lines: $lines) { cart { id } } }`,
        { id, lines: [{ merchandiseId: ONLINE_COURSE, quantity: 2 }] },
      );
      expect((await call(read, { id })).cart.totalQuantity).toBe(3);
      expect((await memory.load(token))?.lines).toEqual([
        expect.objectContaining({ merchandiseId: ONLINE_COURSE, quantity: 3 }),
      ]);
    } finally {
      await kept.close();
      await server.close();
    }
  });
});

describe("closing the storefront emulator's thread", () => {
  it("stops its server: the app's calls are refused, and the shop's forwarding answers 502", async () => {
    const app = express();
    const server = await listenOnLoopback(app);
    const closing = await startStorefrontThread({
      emulator: { catalogDir, publicOrigin: server.origin, mountPath: MOUNT },
      carts: createMemoryCartStorage(),
      keepCarts: true,
      customers,
    });
    app.use(MOUNT, closing.forward);
    try {
      const image = `${server.origin}${MOUNT}/images/products/davey-silensorpro-sls-pool-pump/1.svg`;
      expect((await fetch(image)).status).toBe(200);
      await closing.close();
      await expect(fetch(`${closing.endpoint}/api/2026-04/graphql.json`)).rejects.toThrow();
      const forwarded = await fetch(image);
      expect(forwarded.status).toBe(502);
    } finally {
      await server.close();
    }
  });
});
