import { data, redirect } from "react-router";
import { z } from "zod";
import type { Config } from "../config";
import { createFlashCookie } from "../forms/flash-cookie.server";
import { browserPostedForm, refererPath } from "../forms/form-post.server";
import { isHoneypotFilled, isOverRateLimit, type RateLimit } from "../forms/public-form.server";
import { NEWSLETTER_NOTICE_COOKIE } from "../personal-cookies";
import type { ExpiringState } from "../state/expiring-state.server";
import { type NewsletterClient, NewsletterError } from "./newsletter-client.server";
import { NEWSLETTER_MESSAGES, type NewsletterOutcome, NewsletterOutcomeSchema } from "./outcome";

// POST /api/newsletter: the footer's sign-up (product §7). A fetcher gets the outcome as data;
// a form the browser posted itself is sent back to its page, the outcome in a one-time cookie.

/** product §9: sign-ups per IP address. */
export const NEWSLETTER_RATE_LIMIT: RateLimit = {
  scope: "newsletter",
  limit: 5,
  windowSeconds: 600,
};

/** product §7: the tags a sign-up may carry; the form sends `website`, anything else is dropped. */
const NEWSLETTER_TAGS = ["website"] as const;

const SignUpSchema = z.object({
  // product §5: required, an email address; 254 characters is the longest one that works.
  EMAIL: z.string().trim().max(254).pipe(z.email()),
  tags: z
    .string()
    .max(200)
    .optional()
    .transform((value) => {
      const asked = (value ?? "").split(",").map((tag) => tag.trim());
      const allowed = NEWSLETTER_TAGS.filter((tag) => asked.includes(tag));
      return allowed.length > 0 ? allowed : [...NEWSLETTER_TAGS];
    }),
});

const noticeCookie = createFlashCookie(NEWSLETTER_NOTICE_COOKIE, NewsletterOutcomeSchema);

/** The outcome a plain form post left for this page, shown once. */
export function takeNewsletterNotice(request: Request, config: Pick<Config, "env">) {
  return noticeCookie.take(request, config);
}

export interface NewsletterServices {
  config: Pick<Config, "env">;
  state: Pick<ExpiringState, "increment">;
  logger: { warn(details: Record<string, unknown>, message: string): void };
  newsletter: NewsletterClient;
}

export async function handleNewsletterSignUp(
  request: Request,
  services: NewsletterServices,
  buyerIp: string | undefined,
) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<NewsletterOutcome>(
      { ok: false, message: NEWSLETTER_MESSAGES.invalid, email: "" },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const typed = String(form.get("EMAIL") ?? "").slice(0, 320);
  const navigating = browserPostedForm(request, form);

  const answer = async (outcome: NewsletterOutcome, status = 200) => {
    const headers = new Headers({ "Cache-Control": "no-store" });
    if (!navigating) return data(outcome, { status, headers });
    headers.append("Set-Cookie", await noticeCookie.serialize(outcome, services.config));
    return redirect(`${refererPath(request)}#newsletter`, { status: 303, headers });
  };
  const failure = (message: string, status: number) =>
    answer({ ok: false, message, email: typed }, status);

  // A bot learns nothing: it is thanked, and nothing is counted or called.
  if (isHoneypotFilled(form)) return answer({ ok: true, message: NEWSLETTER_MESSAGES.pending });
  if (await isOverRateLimit(services.state, NEWSLETTER_RATE_LIMIT, buyerIp)) {
    return failure(NEWSLETTER_MESSAGES.rateLimited, 429);
  }
  const parsed = SignUpSchema.safeParse({
    EMAIL: typed,
    tags: form.get("tags") ?? undefined,
  });
  if (!parsed.success) return failure(NEWSLETTER_MESSAGES.invalid, 400);

  try {
    const { status, tagError } = await services.newsletter.subscribe(parsed.data.EMAIL, {
      tags: parsed.data.tags,
      signal: request.signal,
    });
    if (tagError) services.logger.warn({ err: tagError }, "a newsletter sign-up was not tagged");
    return answer({ ok: true, message: NEWSLETTER_MESSAGES[status] });
  } catch (error) {
    if (!(error instanceof NewsletterError)) throw error;
    if (error.reason === "invalid-address") return failure(NEWSLETTER_MESSAGES.invalid, 400);
    if (error.reason === "refused") return failure(NEWSLETTER_MESSAGES.refused, 422);
    services.logger.warn({ err: error }, "the newsletter provider failed");
    return failure(NEWSLETTER_MESSAGES.unavailable, 503);
  }
}
