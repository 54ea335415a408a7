import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import {
  API_KEY,
  AUDIENCE,
  confirmLinkIn,
  startNewsletterEmulator,
} from "../../../tests/support/newsletter-emulator";
import {
  createNewsletterClient,
  mailchimpBaseUrl,
  NewsletterError,
  subscriberHash,
} from "./newsletter-client.server";

const stage = startNewsletterEmulator();
const client = (overrides: { apiKey?: string; audienceId?: string } = {}) =>
  createNewsletterClient({
    baseUrl: stage.apiBase,
    apiKey: API_KEY,
    audienceId: AUDIENCE,
    ...overrides,
  });
const address = () => `reader-${randomUUID().slice(0, 8)}@example.com`;
const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => expect.fail("expected the subscription to fail"),
    (error: unknown) => {
      expect(error).toBeInstanceOf(NewsletterError);
      return (error as NewsletterError).reason;
    },
  );

describe("the newsletter client against the provider's API (emulated)", () => {
  it("adds a new address as pending, tagged, and the provider emails a confirm link", async () => {
    const email = address();
    expect(await client().subscribe(email, { tags: ["website"] })).toEqual({ status: "pending" });

    const [confirmation, ...others] = stage.mailTo(email);
    expect(others).toEqual([]);
    expect(confirmation?.subject).toBe("Please confirm your subscription");
    const member = await fetch(
      `${stage.apiBase}/lists/${AUDIENCE}/members/${subscriberHash(email)}`,
      { headers: { Authorization: `Basic ${btoa(`any:${API_KEY}`)}` } },
    ).then((response) => response.json());
    expect(member).toMatchObject({
      email_address: email,
      status: "pending",
      tags: [{ name: "website" }],
    });
  });

  it("asks again without a second email while pending, and says subscribed once confirmed", async () => {
    const email = address();
    await client().subscribe(email);
    expect(await client().subscribe(email.toUpperCase())).toEqual({ status: "pending" });
    expect(stage.mailTo(email)).toHaveLength(1);

    const [confirmation] = stage.mailTo(email);
    const confirmed = await fetch(confirmLinkIn(confirmation), { redirect: "manual" });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe(`${stage.origin}/mailing-list-confirmation`);
    expect(await client().subscribe(email)).toEqual({ status: "subscribed" });
  });

  it("sends one who left a new confirmation when they sign up again", async () => {
    const email = address();
    const put = (status: string) =>
      fetch(`${stage.apiBase}/lists/${AUDIENCE}/members/${subscriberHash(email)}`, {
        method: "PUT",
        headers: {
          Authorization: `Basic ${btoa(`any:${API_KEY}`)}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ email_address: email, status_if_new: status }),
      });
    expect((await put("unsubscribed")).status).toBe(200);
    expect(await client().subscribe(email)).toEqual({ status: "pending" });
    expect(stage.mailTo(email)).toHaveLength(1);
  });

  it("names the failure: an invalid address, a wrong key or audience, a provider too slow", async () => {
    expect(await failureOf(client().subscribe("a@b"))).toBe("invalid-address");
    expect(await failureOf(client({ apiKey: "wrong" }).subscribe(address()))).toBe("unavailable");
    expect(await failureOf(client({ audienceId: "other" }).subscribe(address()))).toBe(
      "unavailable",
    );

    const silent = createServer(() => {});
    await new Promise<void>((listening) => silent.listen(0, "127.0.0.1", listening));
    try {
      const { port } = silent.address() as AddressInfo;
      const slow = createNewsletterClient({
        baseUrl: `http://127.0.0.1:${port}/3.0`,
        apiKey: API_KEY,
        audienceId: AUDIENCE,
        timeoutMs: 200,
      });
      expect(await failureOf(slow.subscribe(address()))).toBe("unavailable");
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it("keeps the subscription when only tagging fails", async () => {
    const email = address();
    const result = await client().subscribe(email, { tags: [""] });
    expect(result.status).toBe("pending");
    expect(result.tagError).toBeInstanceOf(NewsletterError);
  });

  it("finds Mailchimp's API host from the key's data centre", () => {
    expect(mailchimpBaseUrl("0123456789abcdef-us21")).toBe("https://us21.api.mailchimp.com/3.0");
    expect(() => mailchimpBaseUrl("no-data-centre")).toThrow();
  });
});
