import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeOnBothEngines } from "../../../tests/support/databases";
import type { DatabaseHandle } from "../../../tests/support/server-parts";
import { enqueueMail } from "./outbox.server";
import { mailOutbox } from "./outbox-schema";
import { backoffMs, deliverDueMail } from "./outbox-worker.server";
import type { OutgoingMail } from "./transport.server";

const quiet = { warn: () => {} };

function recordingTransport(failuresFirst = 0) {
  const sent: OutgoingMail[] = [];
  let failures = failuresFirst;
  return {
    sent,
    async send(mail: OutgoingMail) {
      // A slow receiver, so racing workers overlap.
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (failures > 0) {
        failures--;
        throw new Error("451 try again later");
      }
      sent.push(mail);
    },
  };
}

function defineWorkerSuite(handle: () => DatabaseHandle) {
  const mail = (subject: string) => ({
    to: "staff@lagoon.example",
    subject,
    text: "A purchase order arrived.",
    kind: "purchase-order",
  });

  it("sends due mail once, with a Message-ID made from its row, and marks it sent", async () => {
    const { db } = handle();
    const queued = await enqueueMail(db, mail("Once"));
    const transport = recordingTransport();
    await deliverDueMail({ db, transport, from: "shop@lagoon.example", logger: quiet });
    await deliverDueMail({ db, transport, from: "shop@lagoon.example", logger: quiet });
    const mine = transport.sent.filter((message) => message.subject === "Once");
    expect(mine).toEqual([
      expect.objectContaining({
        messageId: `<${queued.id}@lagoon.mail>`,
        from: "shop@lagoon.example",
        to: "staff@lagoon.example",
      }),
    ]);
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id));
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("finds mail due at once, in the very millisecond it was written", async () => {
    const { db } = handle();
    const queued = await enqueueMail(db, mail("At once"));
    const transport = recordingTransport();
    // The database keeps microseconds; a worker's clock has milliseconds.
    await deliverDueMail(
      { db, transport, from: "shop@lagoon.example", logger: quiet },
      new Date(queued.createdAt.getTime()),
    );
    expect(transport.sent.map((message) => message.subject)).toContain("At once");
  });

  it("sends a reply-to address with the mail that has one, and none with the mail that has not", async () => {
    const { db } = handle();
    await enqueueMail(db, { ...mail("Enquiry"), replyTo: "ava@example.com" });
    await enqueueMail(db, mail("No reply-to"));
    const transport = recordingTransport();
    await deliverDueMail({ db, transport, from: "shop@lagoon.example", logger: quiet });
    const replyTo = (subject: string) =>
      transport.sent.find((message) => message.subject === subject)?.replyTo;
    expect(replyTo("Enquiry")).toBe("ava@example.com");
    expect(replyTo("No reply-to")).toBeNull();
  });

  it("retries a failed send later, with back-off, and never sends twice with workers racing", async () => {
    const { db } = handle();
    const queued = await enqueueMail(db, mail("Retry"));
    const transport = recordingTransport(1);
    const options = { db, transport, from: "shop@lagoon.example", logger: quiet };
    // Three workers at once: one claims the message and fails; the others find nothing due.
    await Promise.all([deliverDueMail(options), deliverDueMail(options), deliverDueMail(options)]);
    expect(transport.sent.filter((message) => message.subject === "Retry")).toEqual([]);
    const [failed] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id));
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, lastError: "451 try again later" });
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + backoffMs(1) - 5_000);

    // Not due yet: nothing is sent. Once due, racing workers send it exactly once.
    await deliverDueMail(options);
    expect(transport.sent.filter((message) => message.subject === "Retry")).toEqual([]);
    const later = new Date(Date.now() + backoffMs(1) + 1_000);
    await Promise.all([deliverDueMail(options, later), deliverDueMail(options, later)]);
    expect(transport.sent.filter((message) => message.subject === "Retry")).toHaveLength(1);
  });

  it("lets another worker take over mail whose claim ran out (a worker that died mid-send)", async () => {
    const { db } = handle();
    const queued = await enqueueMail(db, mail("Taken over"));
    await db
      .update(mailOutbox)
      .set({ claimedUntil: new Date(Date.now() - 1) })
      .where(eq(mailOutbox.id, queued.id));
    const transport = recordingTransport();
    await deliverDueMail({ db, transport, from: "shop@lagoon.example", logger: quiet });
    expect(transport.sent.map((message) => message.subject)).toContain("Taken over");
  });
}

describeOnBothEngines("the outbox worker", defineWorkerSuite);
