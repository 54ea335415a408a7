import { createHmac, randomUUID } from "node:crypto";
import type { CatalogStore, CollectionNode, ProductNode, VariantNode } from "./nodes";
import { parseGid } from "./store";

// Shopify's catalogue webhooks, as the emulator's data changes (a checkout takes stock): a JSON
// POST to the app's endpoint over HTTP with X-Shopify-Topic, -Shop-Domain, -Webhook-Id and
// -Hmac-Sha256 = base64(HMAC-SHA256(raw body, secret)). Delivered after the change, not in the
// shopper's request; a failed delivery is tried again, as Shopify does (here 3 times in all).

export interface WebhookTarget {
  /** The app's endpoint, e.g. http://localhost:3000/api/webhooks/shopify. */
  url: string;
  secret: string;
  shopDomain: string;
}

const ATTEMPTS = 3;
const RETRY_DELAY_MS = 1_000;
const TIMEOUT_MS = 5_000;

export interface WebhookSender {
  /** Delivers in the background; the promise settles when delivered or given up (for tests). */
  send(topic: string, payload: unknown): Promise<void>;
}

export function createWebhookSender(
  target: WebhookTarget,
  onFailure: (topic: string, error: unknown) => void = () => {},
): WebhookSender {
  return {
    async send(topic, payload) {
      const body = JSON.stringify(payload);
      const headers = {
        "Content-Type": "application/json",
        "X-Shopify-Topic": topic,
        "X-Shopify-Shop-Domain": target.shopDomain,
        "X-Shopify-Webhook-Id": randomUUID(),
        "X-Shopify-Triggered-At": new Date().toISOString(),
        "X-Shopify-Hmac-Sha256": createHmac("sha256", target.secret).update(body).digest("base64"),
      };
      let lastError: unknown;
      for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
        try {
          const answer = await fetch(target.url, {
            method: "POST",
            headers,
            body,
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          await answer.body?.cancel();
          if (answer.ok) return;
          lastError = new Error(`${target.url} answered ${answer.status}`);
        } catch (error) {
          lastError = error;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * attempt));
      }
      onFailure(topic, lastError);
    },
  };
}

const numericId = (gid: string) => Number(parseGid(gid)?.id ?? 0);

/** The location whose stock levels the webhooks report: the shop's first. */
export const locationIdOf = (catalog: CatalogStore) =>
  Number(parseGid(catalog.locations[0]?.id ?? "")?.id ?? 0);

/** `inventory_levels/update`: the level of one variant's inventory item at the shop. */
export function inventoryLevelPayload(variant: VariantNode, locationId: number) {
  return {
    inventory_item_id: numericId(variant.id),
    location_id: locationId,
    available: variant.quantityAvailable,
    updated_at: new Date().toISOString(),
  };
}

/** `products/update`: the product as Shopify's REST payload has it (the fields that matter). */
export function productPayload(product: ProductNode) {
  return {
    id: product.numericId,
    handle: product.handle,
    title: product.title,
    vendor: product.vendor,
    product_type: product.productType,
    updated_at: new Date().toISOString(),
    variants: product.variants.map((variant) => ({
      id: numericId(variant.id),
      product_id: product.numericId,
      sku: variant.sku,
      price: variant.price.amount,
      inventory_quantity: variant.quantityAvailable ?? 0,
      inventory_policy: variant.inventoryPolicy,
    })),
  };
}

/** `products/delete`: Shopify sends the deleted product's id alone. */
export function productDeletePayload(product: ProductNode) {
  return { id: product.numericId };
}

/** `collections/update`: the collection as Shopify's REST payload has it (what matters). */
export function collectionPayload(collection: CollectionNode) {
  return {
    id: collection.numericId,
    handle: collection.handle,
    title: collection.title,
    body_html: collection.descriptionHtml,
    updated_at: collection.updatedAt,
    admin_graphql_api_id: collection.id,
  };
}
