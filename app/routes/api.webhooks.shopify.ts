import { handleShopifyWebhook } from "../lib/commerce/shopify-webhooks.server";
import { servicesContext } from "../lib/request-context.server";
import type { Route } from "./+types/api.webhooks.shopify";

const json = (body: unknown, status: number) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export function loader() {
  return json({ message: "Use POST" }, 405);
}

/** `POST /api/webhooks/shopify`: the catalogue changed; the pages that show it go. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ message: "Use POST" }, 405);
  const result = await handleShopifyWebhook(request, context.get(servicesContext));
  return result.status === 200
    ? json({ outcome: result.outcome }, 200)
    : json({ message: result.message }, result.status);
}
