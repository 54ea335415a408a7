import { expect, it } from "vitest";
import { describeOnBothEngines } from "../../../tests/support/databases";
import type { DatabaseHandle } from "../../../tests/support/server-parts";
import { enqueueMail, InvalidMailError, listMail } from "./outbox.server";

// Opening costs seconds (PGlite ≈ 3 s per instance), so each engine's suite shares one handle.
function defineOutboxSuite(handle: () => DatabaseHandle, engine: DatabaseHandle["engine"]) {
  it(`runs on ${engine}`, () => {
    expect(handle().engine).toBe(engine);
  });

  it("round-trips mail, newest first, with every field intact", async () => {
    const { db } = handle();
    const first = await enqueueMail(db, {
      to: "staff@lagoon.example",
      subject: "Purchase order PO-1001",
      text: "A new purchase order arrived.",
      html: "<p>A new purchase order arrived.</p>",
      kind: "purchase-order",
    });
    const second = await enqueueMail(db, {
      to: "swimmer@example.com",
      subject: "Confirm your subscription",
      text: "Click to confirm.",
      kind: "newsletter-confirmation",
    });

    expect(first).toMatchObject({
      to: "staff@lagoon.example",
      subject: "Purchase order PO-1001",
      text: "A new purchase order arrived.",
      html: "<p>A new purchase order arrived.</p>",
      kind: "purchase-order",
      sentAt: null,
    });
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(first.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(second.html).toBeNull();
    expect(second.replyTo).toBeNull();

    const listed = await listMail(db, { limit: 2 });
    expect(listed).toEqual([second, first]);
  });

  it("honours the limit, keeping mail enqueued in quick succession in order", async () => {
    const { db } = handle();
    for (let n = 1; n <= 10; n++) {
      await enqueueMail(db, {
        to: "staff@lagoon.example",
        subject: `Limit ${n}`,
        text: "…",
        kind: "purchase-order",
      });
    }
    const listed = await listMail(db, { limit: 3 });
    expect(listed.map((mail) => mail.subject)).toEqual(["Limit 10", "Limit 9", "Limit 8"]);
  });

  it("rejects a bad address with InvalidMailError and stores nothing", async () => {
    const { db } = handle();
    const before = await listMail(db, { limit: 500 });
    const attempt = enqueueMail(db, {
      to: "not-an-address",
      subject: "Hello",
      text: "Hi",
      kind: "purchase-order",
    });
    await expect(attempt).rejects.toBeInstanceOf(InvalidMailError);
    await expect(attempt).rejects.toThrow(/to/);
    expect(await listMail(db, { limit: 500 })).toHaveLength(before.length);
  });

  it("rejects a subject that would inject headers", async () => {
    const { db } = handle();
    await expect(
      enqueueMail(db, {
        to: "staff@lagoon.example",
        subject: "Hello\r\nBcc: everyone@example.com",
        text: "Hi",
        kind: "purchase-order",
      }),
    ).rejects.toBeInstanceOf(InvalidMailError);
  });

  it("keeps a reply-to address, and refuses one that is not a single address", async () => {
    const { db } = handle();
    const mail = { to: "staff@lagoon.example", subject: "Enquiry", text: "Hi", kind: "enquiry" };
    expect(await enqueueMail(db, { ...mail, replyTo: "ava@example.com" })).toMatchObject({
      replyTo: "ava@example.com",
    });
    await expect(
      enqueueMail(db, { ...mail, replyTo: "ava@example.com\r\nBcc: everyone@example.com" }),
    ).rejects.toBeInstanceOf(InvalidMailError);
  });
}

describeOnBothEngines("the mail outbox", defineOutboxSuite);
