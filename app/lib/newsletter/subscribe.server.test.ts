import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  API_KEY,
  AUDIENCE,
  confirmLinkIn,
  startNewsletterEmulator,
} from "../../../tests/support/newsletter-emulator";
import { type DatabaseHandle, openDatabase } from "../../../tests/support/server-parts";
import { HONEYPOT_FIELD } from "../forms/honeypot";
import { createExpiringState } from "../state/expiring-state.server";
import { createNewsletterClient, type NewsletterClient } from "./newsletter-client.server";
import { NEWSLETTER_MESSAGES } from "./outcome";
import {
  handleNewsletterSignUp,
  NEWSLETTER_RATE_LIMIT,
  takeNewsletterNotice,
} from "./subscribe.server";

const stage = startNewsletterEmulator();
const SHOP = "http://shop.test";
const config = { env: "test" as const };
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
});
afterAll(() => database.close());
const address = () => `signup-${randomUUID().slice(0, 8)}@example.com`;

function services(newsletter?: NewsletterClient) {
  const warnings: string[] = [];
  return {
    warnings,
    config,
    state: createExpiringState(database),
    logger: { warn: (_details: unknown, message: string) => warnings.push(message) },
    newsletter:
      newsletter ??
      createNewsletterClient({ baseUrl: stage.apiBase, apiKey: API_KEY, audienceId: AUDIENCE }),
  };
}

/** A fetcher's post (JavaScript), or with `navigate` the browser's own (no JavaScript). */
function signUp(fields: Record<string, string>, navigate = false) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return new Request(`${SHOP}/api/newsletter`, {
    method: "POST",
    body,
    headers: navigate ? { "Sec-Fetch-Mode": "navigate", Referer: `${SHOP}/news?page=2` } : {},
  });
}

async function outcomeOf(result: Awaited<ReturnType<typeof handleNewsletterSignUp>>) {
  if (result instanceof Response) throw new Error("expected data, got a redirect");
  return { status: result.init?.status ?? 200, outcome: result.data };
}

describe("POST /api/newsletter", () => {
  it("subscribes through the provider and says to check the inbox, then that it is already on", async () => {
    const shop = services();
    const email = address();
    expect(
      await outcomeOf(
        await handleNewsletterSignUp(
          signUp({ EMAIL: ` ${email} `, tags: "website" }),
          shop,
          "203.0.113.1",
        ),
      ),
    ).toEqual({
      status: 200,
      outcome: { ok: true, message: NEWSLETTER_MESSAGES.pending },
    });
    expect(stage.mailTo(email)).toHaveLength(1);

    await fetch(confirmLinkIn(stage.mailTo(email)[0]), { redirect: "manual" });
    const again = await outcomeOf(
      await handleNewsletterSignUp(signUp({ EMAIL: email }), shop, "203.0.113.1"),
    );
    expect(again).toEqual({
      status: 200,
      outcome: { ok: true, message: NEWSLETTER_MESSAGES.subscribed },
    });
  });

  it("answers an address the provider refuses with 400 and keeps what was typed", async () => {
    const result = await outcomeOf(
      await handleNewsletterSignUp(signUp({ EMAIL: "a@b" }), services(), "203.0.113.2"),
    );
    expect(result).toEqual({
      status: 400,
      outcome: { ok: false, message: NEWSLETTER_MESSAGES.invalid, email: "a@b" },
    });
    const empty = await outcomeOf(
      await handleNewsletterSignUp(signUp({}), services(), "203.0.113.2"),
    );
    expect(empty.status).toBe(400);
  });

  it("answers 503 with what was typed when the provider is down, and logs it", async () => {
    const shop = services(
      createNewsletterClient({
        baseUrl: `${stage.apiBase}-gone`,
        apiKey: API_KEY,
        audienceId: AUDIENCE,
      }),
    );
    const email = address();
    expect(
      await outcomeOf(await handleNewsletterSignUp(signUp({ EMAIL: email }), shop, "203.0.113.3")),
    ).toEqual({
      status: 503,
      outcome: { ok: false, message: NEWSLETTER_MESSAGES.unavailable, email },
    });
    expect(shop.warnings).toEqual(["the newsletter provider failed"]);
  });

  it("thanks a bot that filled the honeypot and subscribes nobody", async () => {
    const email = address();
    const result = await outcomeOf(
      await handleNewsletterSignUp(
        signUp({ EMAIL: email, [HONEYPOT_FIELD]: "https://spam.example" }),
        services(),
        "203.0.113.4",
      ),
    );
    expect(result.outcome).toEqual({ ok: true, message: NEWSLETTER_MESSAGES.pending });
    expect(stage.mailTo(email)).toEqual([]);
  });

  it("refuses an address's sign-ups past the limit with 429, per IP", async () => {
    const shop = services();
    const statuses = [];
    for (let i = 0; i <= NEWSLETTER_RATE_LIMIT.limit; i++) {
      statuses.push(
        (await outcomeOf(await handleNewsletterSignUp(signUp({ EMAIL: "x" }), shop, "203.0.113.5")))
          .status,
      );
    }
    expect(statuses).toEqual([...Array(NEWSLETTER_RATE_LIMIT.limit).fill(400), 429]);
    const other = await outcomeOf(
      await handleNewsletterSignUp(signUp({ EMAIL: "x" }), shop, "203.0.113.6"),
    );
    expect(other.status).toBe(400);
  });

  it("sends a plain form post back to its page with the outcome for it to show once", async () => {
    const result = await handleNewsletterSignUp(
      signUp({ EMAIL: "a@b" }, true),
      services(),
      "203.0.113.7",
    );
    if (!(result instanceof Response)) throw new Error("expected a redirect");
    expect(result.status).toBe(303);
    expect(result.headers.get("Location")).toBe("/news?page=2#newsletter");
    const cookie = result.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    const next = new Request(`${SHOP}/news?page=2`, { headers: { Cookie: cookie } });
    const taken = await takeNewsletterNotice(next, config);
    expect(taken.value).toEqual({ ok: false, message: NEWSLETTER_MESSAGES.invalid, email: "a@b" });
    expect(taken.setCookie).toMatch(/Max-Age=0/);
  });
});
