import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { CONTENT_CACHE_PREFIX } from "../lib/content/shell.server";
import { noteStateChange } from "../lib/reach.server";
import { servicesContext } from "../lib/request-context.server";
import type { Route } from "./+types/api.revalidate";

/** Prismic's webhook body; `secret` is the one set on the webhook in Prismic's settings. */
const WebhookSchema = z.looseObject({ secret: z.string().optional(), type: z.string().optional() });

const MAX_BODY_BYTES = 64 * 1024;

const json = (body: unknown, status: number) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function loader() {
  return json({ message: "Use POST" }, 405);
}

/**
 * `POST /api/revalidate`: Prismic published something, so every cached content read goes, and
 * every stored page (the header, footer and announcements on each come from the content).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { config, cache, pages, logger } = context.get(servicesContext);
  if (request.method !== "POST") return json({ message: "Use POST" }, 405);
  const secret = config.content.webhookSecret;
  if (!secret) {
    logger.warn("content webhook called, but PRISMIC_WEBHOOK_SECRET is not set");
    return json({ message: "The content webhook is not configured" }, 404);
  }
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) {
    return json({ message: "Body too large" }, 413);
  }
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return json({ message: "Expected a JSON body" }, 400);
  }
  const parsed = WebhookSchema.safeParse(body);
  if (!parsed.success) return json({ message: "Expected a Prismic webhook body" }, 400);
  if (!parsed.data.secret || !sameSecret(parsed.data.secret, secret)) {
    return json({ message: "Invalid secret" }, 401);
  }
  await cache.deleteByPrefix(CONTENT_CACHE_PREFIX);
  await pages.purgeAll();
  noteStateChange("stored pages");
  logger.info({ type: parsed.data.type }, "content cache and pages cleared by the Prismic webhook");
  return json({ revalidated: true }, 200);
}
