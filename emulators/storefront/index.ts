import express, { type ErrorRequestHandler, type Router } from "express";
import { loadCatalog } from "./catalog";
import { createGraphqlEndpoint, type EmulatorStats } from "./graphql-endpoint";
import { renderCollectionImage, renderProductImage } from "./images";
import { storefrontSchema } from "./schema";
import { createCatalogStore, type StorefrontStore } from "./store";

// A stand-in for Shopify's Storefront API, mounted by the server at /_emulators/storefront in
// embedded mode. The app reaches it exactly as it reaches Shopify (storeDomain
// "http://host/_emulators/storefront"), so the production client and operations are what run.
//
// Carts come later: they add their state to StorefrontStore and their Mutation resolvers next to
// installCatalogResolvers (schema.ts), and keep to the same context.

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
}

export type { EmulatorStats } from "./graphql-endpoint";

const ASSET_CACHE_CONTROL = "public, max-age=86400";

export function createStorefrontEmulator(options: StorefrontEmulatorOptions): Router {
  const schema = storefrontSchema();
  const store: StorefrontStore = { catalog: createCatalogStore(loadCatalog(options.catalogDir)) };
  const stats: EmulatorStats = { requests: 0, byOperation: {} };
  const graphql = createGraphqlEndpoint({
    schema,
    store,
    stats,
    publicOrigin: options.publicOrigin,
    fault: options.fault,
  });

  const router = express.Router();

  const bodyParsers = [
    express.json({ limit: "1mb" }),
    express.text({ type: "application/graphql", limit: "1mb" }),
  ];
  router.post("/api/:version/graphql.json", ...bodyParsers, graphql);
  router.get("/api/:version/graphql.json", graphql);

  router.get("/_stats", (_request, response) => {
    response.set("Cache-Control", "no-store").json(stats);
  });
  router.delete("/_stats", (_request, response) => {
    stats.requests = 0;
    stats.byOperation = {};
    response.status(204).end();
  });

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

function sendSvg(response: express.Response, svg: string): void {
  response
    .set({
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": ASSET_CACHE_CONTROL,
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    })
    .send(svg);
}
