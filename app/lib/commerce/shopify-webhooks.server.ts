import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { AppContext } from "../context.server";
import { noteStateChange } from "../reach.server";
import { collectionPath, productPath } from "./paths";
import { STOREFRONT_CACHE_PREFIX } from "./storefront.server";

/**
 * Shopify's catalogue webhooks (product §7): verified by the HMAC Shopify signs the raw body
 * with, handled once per webhook id (Shopify retries), and answered by purging the stored pages
 * that show what changed, and the Storefront API reads they were rendered from.
 */

export const SHOPIFY_WEBHOOK_TOPICS = [
  "products/update",
  "products/delete",
  "collections/update",
  "inventory_levels/update",
] as const;
type Topic = (typeof SHOPIFY_WEBHOOK_TOPICS)[number];

/** How long a webhook id is remembered: Shopify retries over 4 hours. */
const DUPLICATE_WINDOW_SECONDS = 24 * 60 * 60;

/** base64(HMAC-SHA256(raw body, secret)), compared in constant time. */
export function hasValidHmac(body: Uint8Array, secret: string, header: string | null): boolean {
  if (!header) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  const given = Buffer.from(header, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const WithHandle = z.looseObject({ handle: z.string().min(1) });

/** Where the change shows: paths to purge, and whole sections when the payload cannot say. */
export function pagesShowing(topic: Topic, payload: unknown): { paths: string[]; under: string[] } {
  const handle = WithHandle.safeParse(payload).data?.handle;
  // A product shows on its page and in every collection and search that lists it; which
  // collections the payload does not say. A deleted product's payload has only its id, and an
  // inventory level names an inventory item: every product page then.
  const listings = ["/store/collections/", "/search"];
  switch (topic) {
    case "products/update":
      return handle
        ? { paths: [productPath(handle)], under: listings }
        : { paths: [], under: ["/store/products/", ...listings] };
    case "products/delete":
    case "inventory_levels/update":
      return { paths: [], under: ["/store/products/", ...listings] };
    case "collections/update":
      return handle
        ? { paths: [collectionPath(handle)], under: [] }
        : { paths: [], under: ["/store/collections/"] };
  }
}

export type WebhookOutcome =
  | { status: 401 | 400 | 404; message: string }
  | { status: 200; outcome: "purged" | "duplicate" | "ignored" };

export async function handleShopifyWebhook(
  request: Request,
  services: Pick<AppContext, "config" | "cache" | "state" | "pages" | "logger">,
): Promise<WebhookOutcome> {
  const { config, cache, state, pages, logger } = services;
  const secret = config.storefront.webhookSecret;
  if (!secret) return { status: 404, message: "Shopify webhooks are not configured" };
  const body = new Uint8Array(await request.arrayBuffer());
  if (!hasValidHmac(body, secret, request.headers.get("X-Shopify-Hmac-Sha256"))) {
    return { status: 401, message: "Invalid HMAC" };
  }
  const topic = request.headers.get("X-Shopify-Topic") ?? "";
  const webhookId = request.headers.get("X-Shopify-Webhook-Id");
  if (!webhookId) return { status: 400, message: "Missing X-Shopify-Webhook-Id" };
  if (!(SHOPIFY_WEBHOOK_TOPICS as readonly string[]).includes(topic)) {
    return { status: 200, outcome: "ignored" };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return { status: 400, message: "Expected a JSON body" };
  }
  const seenKey = `shopify-webhook:${webhookId}`;
  if ((await state.increment(seenKey, DUPLICATE_WINDOW_SECONDS * 1000)) > 1) {
    return { status: 200, outcome: "duplicate" };
  }
  try {
    const { paths, under } = pagesShowing(topic as Topic, payload);
    // The reads first: a page rendered after its purge must not come from the old data.
    await cache.deleteByPrefix(STOREFRONT_CACHE_PREFIX);
    await Promise.all([pages.purgePaths(paths), pages.purgeUnder(under)]);
    noteStateChange("stored pages");
    logger.info({ topic, webhookId, paths, under }, "pages purged by a Shopify webhook");
    return { status: 200, outcome: "purged" };
  } catch (error) {
    // Shopify retries a webhook that failed: let the retry through.
    await state.delete(seenKey).catch(() => {});
    throw error;
  }
}
