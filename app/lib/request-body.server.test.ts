import { describe, expect, it } from "vitest";
import { readPageForm } from "./request-body.server";

// Issue 14, finding 8: a page action given no form (POST /preview without a body, POST /account
// with JSON) answered 500; it is the client's mistake, a 400.

const post = (body: BodyInit | null, type?: string) =>
  new Request("http://shop.example/preview", {
    method: "POST",
    body,
    headers: type ? { "Content-Type": type } : {},
  });

async function statusOf(request: Request): Promise<number | "read"> {
  try {
    await readPageForm(request);
    return "read";
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? 500;
  }
}

describe("readPageForm", () => {
  it("reads a form post", async () => {
    const form = await readPageForm(
      post(new URLSearchParams({ next: "/news" }), "application/x-www-form-urlencoded"),
    );
    expect(form.get("next")).toBe("/news");
  });

  it("answers 400 for no body, JSON, and a broken multipart body", async () => {
    expect(await statusOf(post(null))).toBe(400);
    expect(await statusOf(post('{"next":"/"}', "application/json"))).toBe(400);
    expect(await statusOf(post("--x\r\nbroken", "multipart/form-data; boundary=y"))).toBe(400);
  });
});
