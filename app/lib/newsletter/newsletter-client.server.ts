import { createHash } from "node:crypto";
import { z } from "zod";

// The email-marketing provider's Marketing API (Mailchimp v3), called from the server only so its
// key never reaches the browser (product §7). Double opt-in: a new address is added as `pending`
// and the provider emails it a confirm link.

export interface NewsletterSettings {
  /** `https://<dc>.api.mailchimp.com/3.0`, or the newsletter emulator's `…/3.0`. */
  baseUrl: string;
  apiKey: string;
  audienceId: string;
  timeoutMs?: number;
}

/** Where an address stands after subscribing: waiting for its confirmation, or already on. */
export type SubscriptionStatus = "pending" | "subscribed";

export type NewsletterFailure =
  /** The provider found the address invalid. */
  | "invalid-address"
  /** A valid address the provider will not subscribe (e.g. permanently deleted). */
  | "refused"
  /** Slow, down, throttled, or our key or audience is wrong: the shopper can only try later. */
  | "unavailable";

export class NewsletterError extends Error {
  constructor(
    readonly reason: NewsletterFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "NewsletterError";
  }
}

export interface Subscription {
  status: SubscriptionStatus;
  /** Tagging failed (the address is on the list all the same): worth a log line, not an error. */
  tagError?: NewsletterError;
}

export interface NewsletterClient {
  /** Adds the address (pending until confirmed), tags it, and says where it stands. */
  subscribe(
    email: string,
    options?: { tags?: string[]; signal?: AbortSignal },
  ): Promise<Subscription>;
}

// A shopper waits on this call: a few seconds, then a friendly "try again later".
const TIMEOUT_MS = 5_000;

/** Mailchimp's API host is named after the data centre the key ends in (`…-us21`). */
export function mailchimpBaseUrl(apiKey: string): string {
  const dataCentre = /-([a-z]+\d+)$/.exec(apiKey)?.[1];
  if (!dataCentre) throw new Error("A Mailchimp API key ends in its data centre, e.g. -us21");
  return `https://${dataCentre}.api.mailchimp.com/3.0`;
}

export function subscriberHash(email: string): string {
  return createHash("md5").update(email.toLowerCase()).digest("hex");
}

const MemberSchema = z.object({
  status: z.enum(["subscribed", "unsubscribed", "cleaned", "pending", "transactional", "archived"]),
});

const ProblemSchema = z.object({ title: z.string().optional(), detail: z.string().optional() });

export function createNewsletterClient(settings: NewsletterSettings): NewsletterClient {
  const authorization = `Basic ${Buffer.from(`lagoon:${settings.apiKey}`).toString("base64")}`;
  const memberUrl = (email: string) =>
    `${settings.baseUrl}/lists/${encodeURIComponent(settings.audienceId)}/members/${subscriberHash(email)}`;

  async function call(url: string, body: unknown, method: string, signal?: AbortSignal) {
    const deadline = AbortSignal.timeout(settings.timeoutMs ?? TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { Authorization: authorization, "Content-Type": "application/json" },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
      });
    } catch (error) {
      throw new NewsletterError("unavailable", "The newsletter provider did not answer", {
        cause: error,
      });
    }
    if (response.ok) return response;
    const problem = ProblemSchema.safeParse(await response.json().catch(() => ({})));
    const title = problem.success ? problem.data.title : undefined;
    const detail = `${response.status} ${title ?? ""}: ${problem.success ? (problem.data.detail ?? "") : ""}`;
    if (response.status === 400) {
      throw new NewsletterError(
        title === "Invalid Resource" ? "invalid-address" : "refused",
        detail,
      );
    }
    // 401/403/404 mean our key or audience is wrong, 429 and 5xx a provider in trouble: either
    // way the shopper can do nothing but try later, and the log says which.
    throw new NewsletterError("unavailable", detail);
  }

  async function put(email: string, body: Record<string, string>, signal?: AbortSignal) {
    const response = await call(memberUrl(email), { email_address: email, ...body }, "PUT", signal);
    const member = MemberSchema.safeParse(await response.json().catch(() => null));
    if (!member.success) {
      throw new NewsletterError(
        "unavailable",
        "The newsletter provider answered an unknown member",
      );
    }
    return member.data.status;
  }

  return {
    async subscribe(email, { tags = [], signal } = {}) {
      // status_if_new leaves an existing member as it is: subscribed stays subscribed, pending
      // stays pending. One who left (or was only a contact) asked to come back, so confirms again.
      let status = await put(email, { status_if_new: "pending" }, signal);
      if (status !== "subscribed" && status !== "pending") {
        status = await put(email, { status: "pending" }, signal);
      }
      if (status !== "subscribed" && status !== "pending") {
        throw new NewsletterError("refused", `The member stayed ${status}`);
      }
      if (tags.length === 0) return { status };
      try {
        await call(
          `${memberUrl(email)}/tags`,
          { tags: tags.map((name) => ({ name, status: "active" })) },
          "POST",
          signal,
        );
        return { status };
      } catch (error) {
        if (!(error instanceof NewsletterError)) throw error;
        return { status, tagError: error };
      }
    },
  };
}
