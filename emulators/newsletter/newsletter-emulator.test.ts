import { describe, expect, it } from "vitest";
import {
  API_KEY,
  AUDIENCE,
  startNewsletterEmulator,
} from "../../tests/support/newsletter-emulator";
import { subscriberHash } from ".";

const stage = startNewsletterEmulator();
const auth = (key: string) => `Basic ${btoa(`lagoon:${key}`)}`;

function put(email: string, body: unknown, options: { key?: string; hash?: string } = {}) {
  return fetch(
    `${stage.apiBase}/lists/${AUDIENCE}/members/${options.hash ?? subscriberHash(email)}`,
    {
      method: "PUT",
      headers: { Authorization: auth(options.key ?? API_KEY), "Content-Type": "application/json" },
      body: JSON.stringify(body),
    },
  );
}

describe("the newsletter emulator (Mailchimp Marketing API subset)", () => {
  it("answers a wrong key with 401 problem+json 'API Key Invalid'", async () => {
    const response = await put(
      "key@example.com",
      { email_address: "key@example.com" },
      { key: "nope" },
    );
    expect(response.status).toBe(401);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ status: 401, title: "API Key Invalid" });
  });

  it("answers an invalid address, or a hash of another address, with 400 'Invalid Resource'", async () => {
    for (const response of [
      await put("a@b", { email_address: "a@b", status_if_new: "pending" }),
      await put(
        "one@example.com",
        { email_address: "two@example.com", status_if_new: "pending" },
        { hash: subscriberHash("one@example.com") },
      ),
    ]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ status: 400, title: "Invalid Resource" });
    }
  });

  it("returns an existing member on a second PUT instead of failing, and tags with 204", async () => {
    const email = "twice@example.com";
    const first = await put(email, { email_address: email, status_if_new: "subscribed" });
    expect(await first.json()).toMatchObject({ email_address: email, status: "subscribed" });
    const second = await put(email, { email_address: email, status_if_new: "pending" });
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ status: "subscribed" });
    expect(stage.mailTo(email)).toEqual([]);

    const tagged = await fetch(
      `${stage.apiBase}/lists/${AUDIENCE}/members/${subscriberHash(email)}/tags`,
      {
        method: "POST",
        headers: { Authorization: auth(API_KEY), "Content-Type": "application/json" },
        body: JSON.stringify({ tags: [{ name: "website", status: "active" }] }),
      },
    );
    expect(tagged.status).toBe(204);
  });

  it("answers a body that is not JSON with problem+json too", async () => {
    const response = await fetch(
      `${stage.apiBase}/lists/${AUDIENCE}/members/${subscriberHash("x@example.com")}`,
      {
        method: "PUT",
        headers: { Authorization: auth(API_KEY), "Content-Type": "application/json" },
        body: "{not json",
      },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
  });

  it("refuses an unknown confirm link", async () => {
    const response = await fetch(`${stage.origin}/_emulators/newsletter/confirm/unknown`, {
      redirect: "manual",
    });
    expect(response.status).toBe(404);
  });
});
