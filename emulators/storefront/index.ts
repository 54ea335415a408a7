import express, { type ErrorRequestHandler, type Router } from "express";
import { z } from "zod";
import { createAdminEmulator } from "./admin";
import { type CartStorage, createMemoryCartStorage } from "./cart-storage";
import { createCartBook, parseCartGid } from "./carts";
import { loadCatalog } from "./catalog";
import { type CheckoutCustomers, createCheckout } from "./checkout";
import { createGraphqlEndpoint, type EmulatorStats } from "./graphql-endpoint";
import { renderCollectionImage, renderProductImage } from "./images";
import type { CatalogStore } from "./nodes";
import { storefrontSchema } from "./schema";
import { createCatalogStore, type StorefrontStore } from "./store";
import {
  collectionPayload,
  createWebhookSender,
  inventoryLevelPayload,
  locationIdOf,
  productDeletePayload,
  productPayload,
  type WebhookTarget,
} from "./webhooks";

// A stand-in for Shopify's Storefront API, mounted by the server at /_emulators/storefront in
// embedded mode. The app reaches it exactly as it reaches Shopify (storeDomain
// "http://host/_emulators/storefront"), so the production client and operations are what run.
//
// Carts live in a CartStorage (in memory unless the server passes one on its database) and are
// checked out on the emulator's own checkout page (checkout.ts).

export interface StorefrontEmulatorOptions {
  /** The demo catalogue, e.g. demo/catalog. */
  catalogDir: string;
  /** Origin the browser reaches this server on, for absolute image and file URLs. */
  publicOrigin: string;
  /**
   * A fault for every request, for tests that cannot set a header (end-to-end runs): the same
   * values as the X-Emulator-Fault header, which wins when present.
   */
  fault?: string;
  /** Where carts and checkout orders are kept; in memory by default. */
  carts?: CartStorage;
  /** The customer-account emulator, so a signed-in shopper's order lands on their account. */
  customers?: CheckoutCustomers;
  /**
   * Test controls: `_stats`, `_faults/cart`, `_catalog` (a merchant's edits), and faults asked
   * for per request (X-Emulator-Fault, ?emulator_fault=). Off unless a test suite turns them on
   * (LAGOON_TEST_CONTROLS=1), so a shop serving in embedded mode cannot be slowed, broken or
   * changed by a visitor.
   */
  testControls?: boolean;
  /** Where Shopify's catalogue webhooks go (the app's endpoint and its secret); none if unset. */
  webhooks?: Omit<WebhookTarget, "shopDomain">;
  /** A webhook that could not be delivered after its retries. */
  onWebhookFailure?: (topic: string, error: unknown) => void;
}

export type {
  CartStorage,
  CheckoutOrder,
  OrderAddress,
  OrderLine,
  StoredCart,
} from "./cart-storage";
export { cartsKept, createMemoryCartStorage, keepingCarts } from "./cart-storage";
export type { CheckoutCustomer, CheckoutCustomers } from "./checkout";

// A test switch for one cart: its operations fail with an emulator fault while the rest of the
// shop works, so an end-to-end test can show a failing cart mutation without a second server.
const CartFaultSchema = z.object({
  cartId: z.string().min(1),
  fault: z.string().min(1),
  /** Operation names (e.g. CartLinesUpdate); all of the cart's operations when absent. */
  operations: z.array(z.string().min(1)).optional(),
});

export type { EmulatorStats } from "./graphql-endpoint";

const ASSET_CACHE_CONTROL = "public, max-age=86400";

export function createStorefrontEmulator(options: StorefrontEmulatorOptions): Router {
  const schema = storefrontSchema();
  const catalog = createCatalogStore(loadCatalog(options.catalogDir));
  const store: StorefrontStore = {
    catalog,
    carts: createCartBook(catalog, options.carts ?? createMemoryCartStorage()),
  };
  const stats: EmulatorStats = { requests: 0, byOperation: {} };
  const cartFaults = new Map<string, { fault: string; operations?: string[] }>();
  const graphql = createGraphqlEndpoint({
    schema,
    store,
    stats,
    publicOrigin: options.publicOrigin,
    fault: options.fault,
    faultsPerRequest: options.testControls === true,
    faultFor: (operationName, variables) => {
      const cartId = variables?.cartId ?? variables?.id;
      const token = typeof cartId === "string" ? parseCartGid(cartId)?.token : undefined;
      const entry = token ? cartFaults.get(token) : undefined;
      return entry && (!entry.operations || entry.operations.includes(operationName))
        ? entry.fault
        : undefined;
    },
  });

  const router = express.Router();

  const bodyParsers = [
    express.json({ limit: "1mb" }),
    express.text({ type: "application/graphql", limit: "1mb" }),
  ];
  router.post("/api/:version/graphql.json", ...bodyParsers, graphql);
  router.get("/api/:version/graphql.json", graphql);

  router.use(createAdminEmulator().router);

  if (options.testControls) {
    mountTestControls(router, stats, cartFaults);
    mountCatalogEdits(router, catalog);
  }

  const webhooks = options.webhooks
    ? createWebhookSender(
        { ...options.webhooks, shopDomain: `${catalog.shop.primaryDomain.host}` },
        options.onWebhookFailure,
      )
    : undefined;
  router.use(
    createCheckout({
      store,
      publicOrigin: options.publicOrigin,
      customers: options.customers,
      webhooks,
    }),
  );

  router.get("/images/products/:handle/:image", (request, response) => {
    const product = store.catalog.productByHandle(request.params.handle);
    const position = /^(\d+)\.svg$/.exec(request.params.image)?.[1];
    const svg = product && position ? renderProductImage(product, Number(position) - 1) : undefined;
    if (!svg) {
      response.status(404).end();
      return;
    }
    sendSvg(response, svg);
  });

  router.get("/images/collections/:image", (request, response) => {
    const handle = /^(.+)\.svg$/.exec(request.params.image)?.[1];
    const collection = handle ? store.catalog.collectionByHandle(handle) : undefined;
    if (!collection?.imageNode) {
      response.status(404).end();
      return;
    }
    sendSvg(response, renderCollectionImage(collection));
  });

  router.get("/files/:filename", (request, response) => {
    const file = store.catalog.fileByName(request.params.filename);
    if (!file) {
      response.status(404).end();
      return;
    }
    response
      .set({
        "Content-Type": file.mimeType,
        "Content-Disposition": `inline; filename="${file.filename}"`,
        "Cache-Control": ASSET_CACHE_CONTROL,
      })
      .end(Buffer.from(file.bytes));
  });

  const answerWithJson: ErrorRequestHandler = (error, _request, response, _next) => {
    const status = typeof error?.status === "number" ? error.status : 500;
    response.status(status).json({
      errors: [{ message: status < 500 ? String(error.message) : "Internal error" }],
    });
  };
  router.use(answerWithJson);

  return router;
}

function mountTestControls(
  router: Router,
  stats: EmulatorStats,
  cartFaults: Map<string, { fault: string; operations?: string[] }>,
): void {
  router.get("/_stats", (_request, response) => {
    response.set("Cache-Control", "no-store").json(stats);
  });
  router.delete("/_stats", (_request, response) => {
    stats.requests = 0;
    stats.byOperation = {};
    response.status(204).end();
  });

  router.put("/_faults/cart", express.json({ limit: "10kb" }), (request, response) => {
    const parsed = CartFaultSchema.safeParse(request.body);
    const token = parsed.success ? parseCartGid(parsed.data.cartId)?.token : undefined;
    if (!parsed.success || !token) {
      response.status(400).json({ errors: [{ message: "Send { cartId, fault, operations? }" }] });
      return;
    }
    cartFaults.set(token, { fault: parsed.data.fault, operations: parsed.data.operations });
    response.status(204).end();
  });
  router.delete("/_faults/cart", express.json({ limit: "10kb" }), (request, response) => {
    const cartId = (request.body as { cartId?: unknown } | undefined)?.cartId;
    const token = typeof cartId === "string" ? parseCartGid(cartId)?.token : undefined;
    if (token) cartFaults.delete(token);
    response.status(204).end();
  });
}

const RenameSchema = z.object({ title: z.string().trim().min(1).max(255) });
const StockSchema = z.object({
  variantId: z.string().min(1),
  available: z.number().int().min(0),
});

/**
 * A merchant's edits in Shopify admin, for tests of what the shop shows after them. Each changes
 * the catalogue alone and answers with the webhook Shopify would send for it
 * (`{ topic, payload }`): the test delivers it, so it can look at the shop before and after.
 */
function mountCatalogEdits(router: Router, catalog: CatalogStore): void {
  const body = express.json({ limit: "10kb" });
  const badRequest = (response: express.Response, message: string) =>
    response.status(400).json({ errors: [{ message }] });
  const notFound = (response: express.Response) =>
    response.status(404).json({ errors: [{ message: "Not found" }] });

  router.patch("/_catalog/products/:handle", body, (request, response) => {
    const edit = RenameSchema.safeParse(request.body);
    if (!edit.success) return badRequest(response, "Send { title }");
    const product = catalog.renameProduct(request.params.handle, edit.data.title);
    if (!product) return notFound(response);
    response.json({ topic: "products/update", payload: productPayload(product) });
  });
  router.delete("/_catalog/products/:handle", (request, response) => {
    const product = catalog.deleteProduct(request.params.handle);
    if (!product) return notFound(response);
    response.json({ topic: "products/delete", payload: productDeletePayload(product) });
  });
  router.patch("/_catalog/collections/:handle", body, (request, response) => {
    const edit = RenameSchema.safeParse(request.body);
    if (!edit.success) return badRequest(response, "Send { title }");
    const collection = catalog.renameCollection(request.params.handle, edit.data.title);
    if (!collection) return notFound(response);
    response.json({ topic: "collections/update", payload: collectionPayload(collection) });
  });
  router.put("/_catalog/stock", body, (request, response) => {
    const edit = StockSchema.safeParse(request.body);
    if (!edit.success) return badRequest(response, "Send { variantId, available }");
    const variant = catalog.node(edit.data.variantId);
    const current = variant?.__typename === "ProductVariant" ? variant.quantityAvailable : null;
    // Stock that is not tracked has no level to set.
    const changed =
      current === null
        ? undefined
        : catalog.reduceStock(edit.data.variantId, current - edit.data.available);
    if (!changed) return notFound(response);
    response.json({
      topic: "inventory_levels/update",
      payload: inventoryLevelPayload(changed, locationIdOf(catalog)),
    });
  });
}

function sendSvg(response: express.Response, svg: string): void {
  response
    .set({
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": ASSET_CACHE_CONTROL,
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    })
    .send(svg);
}
