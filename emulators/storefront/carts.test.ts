import { createHmac } from "node:crypto";
import { fileURLToPath } from "node:url";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type LoopbackServer, listenOnLoopback } from "../../tests/support/loopback";
import { type CartStorage, createMemoryCartStorage } from "./cart-storage";
import type { CheckoutCustomer, CheckoutCustomers } from "./checkout";
import { createStorefrontEmulator } from "./index";

const catalogDir = fileURLToPath(new URL("../../demo/catalog", import.meta.url));
const MOUNT = "/_emulators/storefront";

// Demo catalogue variants (demo/catalog/products): stock as the tests need it.
const PUMP_0_75KW = "gid://shopify/ProductVariant/47100001"; // 14 in stock, $1,099
const PUMP_1_5KW = "gid://shopify/ProductVariant/47100003"; // 3 in stock, $1,399
const SOLD_OUT_PUMP = "gid://shopify/ProductVariant/47100012"; // 0 in stock
const SPA_COVER_TO_ORDER = "gid://shopify/ProductVariant/47100098"; // 0, made to order
const ONLINE_COURSE = "gid://shopify/ProductVariant/47100235"; // not tracked, $395

let server: LoopbackServer;
let origin: string;
let endpoint: string;
let storage: CartStorage;
const orders: { customerId: string; total: string }[] = [];
let signedIn: CheckoutCustomer | undefined;
const WEBHOOK_SECRET = "emulator-webhook-secret";
/** What the app's webhook endpoint would receive. */
const webhooks: { topic: string; signed: boolean; payload: Json }[] = [];

const customers: CheckoutCustomers = {
  findSignedInCustomer: async () => signedIn,
  addOrder: async (customerId, order) => {
    orders.push({ customerId, total: order.total });
    return { id: `gid://shopify/Order/${5000 + orders.length}`, name: `#${1000 + orders.length}` };
  },
};

beforeAll(async () => {
  const app = express();
  server = await listenOnLoopback(app);
  origin = server.origin;
  storage = createMemoryCartStorage();
  app.post("/api/webhooks/shopify", express.raw({ type: "*/*" }), (request, response) => {
    const hmac = createHmac("sha256", WEBHOOK_SECRET).update(request.body).digest("base64");
    webhooks.push({
      topic: String(request.headers["x-shopify-topic"]),
      signed: request.headers["x-shopify-hmac-sha256"] === hmac,
      payload: JSON.parse(request.body.toString()),
    });
    response.status(200).end();
  });
  app.use(
    MOUNT,
    createStorefrontEmulator({
      catalogDir,
      publicOrigin: origin,
      carts: storage,
      customers,
      testControls: true,
      webhooks: { url: `${origin}/api/webhooks/shopify`, secret: WEBHOOK_SECRET },
    }),
  );
  endpoint = `${origin}${MOUNT}/api/2026-04/graphql.json`;
});

afterAll(async () => {
  await server.close();
});

// biome-ignore lint/suspicious/noExplicitAny: responses are inspected ad hoc
type Json = any;

async function graphql(query: string, variables: Record<string, unknown> = {}): Promise<Json> {
  const response = await fetch(endpoint, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Storefront-Access-Token": "demo-token",
    },
    body: JSON.stringify({ query, variables }),
  });
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(body.errors).toBeUndefined();
  return body.data;
}

const CART_FIELDS = `
  id checkoutUrl totalQuantity updatedAt
  cost { subtotalAmount { amount currencyCode } totalAmount { amount } }
  lines(first: 100) {
    nodes {
      id quantity attributes { key value }
      cost { amountPerQuantity { amount } totalAmount { amount } }
      merchandise { ... on ProductVariant { id sku product { title } } }
    }
  }`;
const PAYLOAD = `cart { ${CART_FIELDS} } userErrors { code field message } warnings { code }`;

const createCart = async (lines: Json[] = []) =>
  (
    await graphql(`mutation($input: CartInput) { cartCreate(input: $input) { ${PAYLOAD} } }`, {
      input: { lines },
    })
  ).cartCreate;
const addLines = async (cartId: string, lines: Json[]) =>
  (
    await graphql(
      `mutation($cartId: ID!, $lines: [CartLineInput!]!) {
        cartLinesAdd(cartId: $cartId, lines: $lines) { ${PAYLOAD} } }`,
      { cartId, lines },
    )
  ).cartLinesAdd;
const updateLines = async (cartId: string, lines: Json[]) =>
  (
    await graphql(
      `mutation($cartId: ID!, $lines: [CartLineUpdateInput!]!) {
        cartLinesUpdate(cartId: $cartId, lines: $lines) { ${PAYLOAD} } }`,
      { cartId, lines },
    )
  ).cartLinesUpdate;
const removeLines = async (cartId: string, lineIds: string[]) =>
  (
    await graphql(
      `mutation($cartId: ID!, $lineIds: [ID!]!) {
        cartLinesRemove(cartId: $cartId, lineIds: $lineIds) { ${PAYLOAD} } }`,
      { cartId, lineIds },
    )
  ).cartLinesRemove;
const readCart = async (id: string) =>
  (await graphql(`query($id: ID!) { cart(id: $id) { ${CART_FIELDS} } }`, { id })).cart;

describe("storefront emulator carts", () => {
  it("creates an empty cart with Shopify's id and checkout URL shapes", async () => {
    const { cart, userErrors } = await createCart();
    expect(userErrors).toEqual([]);
    expect(cart.id).toMatch(/^gid:\/\/shopify\/Cart\/[\w-]+\?key=[\w-]+$/);
    expect(cart.checkoutUrl).toMatch(new RegExp(`^${origin}${MOUNT}/cart/c/[\\w-]+\\?key=`));
    expect(cart.totalQuantity).toBe(0);
    expect(cart.lines.nodes).toEqual([]);
    expect(cart.cost.subtotalAmount).toEqual({ amount: "0.0", currencyCode: "AUD" });
    expect(await readCart(cart.id)).toMatchObject({ id: cart.id, totalQuantity: 0 });
  });

  it("adds lines, merges the same variant and attributes, and prices the cart", async () => {
    const { cart } = await createCart();
    const first = await addLines(cart.id, [{ merchandiseId: PUMP_0_75KW, quantity: 2 }]);
    expect(first.userErrors).toEqual([]);
    const again = await addLines(cart.id, [
      { merchandiseId: PUMP_0_75KW, quantity: 1 },
      { merchandiseId: PUMP_0_75KW, quantity: 1, attributes: [{ key: "Gift", value: "yes" }] },
    ]);
    expect(again.userErrors).toEqual([]);
    const lines = again.cart.lines.nodes;
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      id: first.cart.lines.nodes[0].id,
      quantity: 3,
      attributes: [],
      cost: { amountPerQuantity: { amount: "1099.0" }, totalAmount: { amount: "3297.0" } },
      merchandise: { id: PUMP_0_75KW, sku: expect.any(String) },
    });
    expect(lines[1]).toMatchObject({ quantity: 1, attributes: [{ key: "Gift", value: "yes" }] });
    expect(again.cart.totalQuantity).toBe(4);
    expect(again.cart.cost.subtotalAmount).toEqual({ amount: "4396.0", currencyCode: "AUD" });
    expect(again.cart.updatedAt >= first.cart.updatedAt).toBe(true);
  });

  it("sets quantities, removes a line at quantity 0 and with cartLinesRemove", async () => {
    const { cart } = await createCart([
      { merchandiseId: PUMP_0_75KW, quantity: 1 },
      { merchandiseId: ONLINE_COURSE, quantity: 1 },
    ]);
    const [pump, course] = cart.lines.nodes;
    const updated = await updateLines(cart.id, [{ id: pump.id, quantity: 5 }]);
    expect(updated.userErrors).toEqual([]);
    expect(updated.cart.lines.nodes[0].quantity).toBe(5);

    const zero = await updateLines(cart.id, [{ id: pump.id, quantity: 0 }]);
    expect(zero.userErrors).toEqual([]);
    expect(zero.cart.lines.nodes.map((line: Json) => line.id)).toEqual([course.id]);

    const removed = await removeLines(cart.id, [course.id]);
    expect(removed.userErrors).toEqual([]);
    expect(removed.cart.lines.nodes).toEqual([]);
    expect((await readCart(cart.id)).totalQuantity).toBe(0);
  });

  it("refuses more than is in stock with a userError and leaves the cart as it was", async () => {
    const { cart } = await createCart([{ merchandiseId: PUMP_1_5KW, quantity: 2 }]);
    const tooMany = await addLines(cart.id, [{ merchandiseId: PUMP_1_5KW, quantity: 2 }]);
    expect(tooMany.userErrors).toEqual([
      {
        code: "MAXIMUM_EXCEEDED",
        field: ["lines", "0", "quantity"],
        message: "You can only add 3 of Davey SilensorPro SLS Pool Pump (1.5 kW) to your cart.",
      },
    ]);
    expect(tooMany.cart.lines.nodes[0].quantity).toBe(2);

    const line = cart.lines.nodes[0];
    const update = await updateLines(cart.id, [{ id: line.id, quantity: 4 }]);
    expect(update.userErrors[0].message).toBe(
      "You can only add 3 of Davey SilensorPro SLS Pool Pump (1.5 kW) to your cart.",
    );
    expect((await readCart(cart.id)).lines.nodes[0].quantity).toBe(2);
    expect((await updateLines(cart.id, [{ id: line.id, quantity: 3 }])).userErrors).toEqual([]);

    const soldOut = await addLines(cart.id, [{ merchandiseId: SOLD_OUT_PUMP, quantity: 1 }]);
    expect(soldOut.userErrors[0]).toMatchObject({
      code: "MERCHANDISE_NOT_APPLICABLE",
      message: "Waterco Hydrostar Plus Pool Pump (0.75 kW) is sold out.",
    });
    const madeToOrder = await addLines(cart.id, [
      { merchandiseId: SPA_COVER_TO_ORDER, quantity: 4 },
    ]);
    expect(madeToOrder.userErrors).toEqual([]);
  });

  it("answers userErrors for unknown carts, variants and lines, and bad quantities", async () => {
    const { cart } = await createCart();
    const unknownCart = await addLines("gid://shopify/Cart/nope?key=nope", [
      { merchandiseId: PUMP_0_75KW },
    ]);
    expect(unknownCart.cart).toBeNull();
    expect(unknownCart.userErrors).toEqual([
      { code: "INVALID", field: ["cartId"], message: "The specified cart does not exist." },
    ]);
    const unknownVariant = await addLines(cart.id, [
      { merchandiseId: "gid://shopify/ProductVariant/1" },
    ]);
    expect(unknownVariant.userErrors[0]).toMatchObject({
      code: "INVALID",
      field: ["lines", "0", "merchandiseId"],
    });
    const negative = await addLines(cart.id, [{ merchandiseId: PUMP_0_75KW, quantity: -1 }]);
    expect(negative.userErrors[0].field).toEqual(["lines", "0", "quantity"]);
    const unknownLine = await updateLines(cart.id, [
      { id: "gid://shopify/CartLine/x", quantity: 1 },
    ]);
    expect(unknownLine.userErrors[0].message).toMatch(/does not exist/);
    const removeUnknown = await removeLines(cart.id, ["gid://shopify/CartLine/x"]);
    expect(removeUnknown.userErrors[0].message).toMatch(/does not exist/);
    expect(await readCart("gid://shopify/Cart/nope?key=nope")).toBeNull();
    const wrongKey = cart.id.replace(/key=.*/, "key=guessed");
    expect(await readCart(wrongKey)).toBeNull();
  });

  it("keeps both of two concurrent additions to one cart", async () => {
    const { cart } = await createCart();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => addLines(cart.id, [{ merchandiseId: PUMP_0_75KW }])),
    );
    expect(results.every((result) => result.userErrors.length === 0)).toBe(true);
    expect((await readCart(cart.id)).lines.nodes[0].quantity).toBe(6);
  });

  it("fails one cart's chosen operations through the fault switch, and only those", async () => {
    const { cart } = await createCart([{ merchandiseId: PUMP_0_75KW, quantity: 1 }]);
    const other = (await createCart()).cart;
    const faults = `${origin}${MOUNT}/_faults/cart`;
    const set = await fetch(faults, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ cartId: cart.id, fault: "status:500", operations: ["Update"] }),
    });
    expect(set.status).toBe(204);

    const send = (cartId: string) =>
      fetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Storefront-Access-Token": "t" },
        body: JSON.stringify({
          query: `mutation Update($cartId: ID!, $lines: [CartLineUpdateInput!]!) {
            cartLinesUpdate(cartId: $cartId, lines: $lines) { userErrors { message } } }`,
          variables: { cartId, lines: [] },
        }),
      });
    expect((await send(cart.id)).status).toBe(500);
    expect((await send(other.id)).status).toBe(200);
    expect((await readCart(cart.id)).totalQuantity).toBe(1);

    await fetch(faults, {
      method: "DELETE",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ cartId: cart.id }),
    });
    expect((await send(cart.id)).status).toBe(200);
  });
});

describe("the emulator's checkout page", () => {
  const form = (values: Record<string, string>) =>
    new URLSearchParams({
      email: "shopper@example.com",
      firstName: "Ava",
      lastName: "Nguyen",
      address1: "12 Reef Street",
      address2: "",
      city: "Burleigh Heads",
      zoneCode: "QLD",
      zip: "4220",
      phone: "",
      ...values,
    });

  it("shows the order summary and a form, and places a guest order", async () => {
    const { cart } = await createCart([{ merchandiseId: PUMP_0_75KW, quantity: 2 }]);
    const page = await fetch(cart.checkoutUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Order summary");
    expect(html).toContain("Davey SilensorPro SLS Pool Pump");
    expect(html).toContain("$2,198.00");
    expect(html).toMatch(/<label for="checkout-email">Email/);
    expect(html).toContain(">Place order</button>");

    const invalid = await fetch(cart.checkoutUrl, {
      method: "POST",
      body: form({ email: "not-an-email", zip: "42" }),
      redirect: "manual",
    });
    expect(invalid.status).toBe(400);
    const invalidHtml = await invalid.text();
    expect(invalidHtml).toContain("Enter a valid email address");
    expect(invalidHtml).toContain("Enter a 4-digit postcode");
    expect(invalidHtml).toContain('value="12 Reef Street"');

    const ordersBefore = (await storage.listOrders()).length;
    const placed = await fetch(cart.checkoutUrl, {
      method: "POST",
      body: form({}),
      redirect: "manual",
    });
    expect(placed.status).toBe(303);
    expect(placed.headers.get("location")).toBe(`${origin}/thank-you/order-received`);
    const recorded = (await storage.listOrders()).at(-1);
    expect((await storage.listOrders()).length).toBe(ordersBefore + 1);
    expect(recorded).toMatchObject({
      customerId: null,
      email: "shopper@example.com",
      total: "2198.00",
      lineItems: [{ title: "Davey SilensorPro SLS Pool Pump", quantity: 2, price: "1099.00" }],
      shippingAddress: { city: "Burleigh Heads", zoneCode: "QLD", territoryCode: "AU" },
    });

    // The cart is gone for the API, and its checkout link with it.
    expect(await readCart(cart.id)).toBeNull();
    expect((await fetch(cart.checkoutUrl)).status).toBe(404);
    const again = await fetch(cart.checkoutUrl, { method: "POST", body: form({}) });
    expect(again.status).toBe(404);
    expect((await storage.listOrders()).length).toBe(ordersBefore + 1);
  });

  it("puts a signed-in customer's order on their account when the URL says logged_in", async () => {
    signedIn = {
      id: "gid://shopify/Customer/7",
      email: "olivia@example.com",
      firstName: "Olivia",
      lastName: "Bennett",
      phoneNumber: null,
      defaultAddress: null,
    };
    try {
      const { cart } = await createCart([{ merchandiseId: ONLINE_COURSE, quantity: 1 }]);
      const url = `${cart.checkoutUrl}&logged_in=true`;
      const html = await (await fetch(url)).text();
      expect(html).toContain("Signed in as <strong>olivia@example.com</strong>");
      expect(html).toContain('value="olivia@example.com"');
      // A course ships nothing, so no address is asked for.
      expect(html).not.toContain("Shipping address");
      const placed = await fetch(url, {
        method: "POST",
        body: new URLSearchParams({ email: "olivia@example.com" }),
        redirect: "manual",
      });
      expect(placed.status).toBe(303);
      expect(orders.at(-1)).toEqual({ customerId: "gid://shopify/Customer/7", total: "395.00" });
      expect((await storage.listOrders()).at(-1)).toMatchObject({
        customerId: "gid://shopify/Customer/7",
        customerOrderName: `#${1000 + orders.length}`,
      });
    } finally {
      signedIn = undefined;
    }
  });

  it("takes the order's stock and tells the app with signed Shopify webhooks", async () => {
    const stockOf = async (id: string) =>
      (
        await graphql(
          `query ($id: ID!) { node(id: $id) { ... on ProductVariant { quantityAvailable } } }`,
          { id },
        )
      ).node.quantityAvailable as number;
    const before = await stockOf(PUMP_1_5KW);
    const { cart } = await createCart([
      { merchandiseId: PUMP_1_5KW, quantity: 2 },
      { merchandiseId: ONLINE_COURSE, quantity: 1 },
    ]);
    webhooks.length = 0;
    const placed = await fetch(cart.checkoutUrl, {
      method: "POST",
      body: form({}),
      redirect: "manual",
    });
    expect(placed.status).toBe(303);

    expect(await stockOf(PUMP_1_5KW)).toBe(before - 2);
    await vi.waitFor(() => expect(webhooks).toHaveLength(2));
    // The course's stock is not tracked: no webhook for it.
    expect(webhooks).toEqual(
      expect.arrayContaining([
        {
          topic: "inventory_levels/update",
          signed: true,
          payload: expect.objectContaining({ inventory_item_id: 47100003, available: before - 2 }),
        },
        {
          topic: "products/update",
          signed: true,
          payload: expect.objectContaining({
            handle: "davey-silensorpro-sls-pool-pump",
            variants: expect.arrayContaining([
              expect.objectContaining({ id: 47100003, inventory_quantity: before - 2 }),
            ]),
          }),
        },
      ]),
    );
  });

  it("says so when the cart is empty or the link is wrong", async () => {
    const { cart } = await createCart();
    expect((await fetch(cart.checkoutUrl)).status).toBe(409);
    const wrongKey = cart.checkoutUrl.replace(/key=.*/, "key=guessed");
    const gone = await fetch(wrongKey);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("no longer available");
  });
});
