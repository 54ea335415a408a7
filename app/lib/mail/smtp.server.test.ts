import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../../tests/support/server-parts";
import { enqueueMail } from "./outbox.server";
import { mailOutbox } from "./outbox-schema";
import { backoffMs, deliverDueMail } from "./outbox-worker.server";
import { createMailTransport } from "./transport.server";

// The outbox's SMTP path (SMTP_URL set) against a real SMTP server (the nodemailer project's
// smtp-server) on loopback: what a mail server receives, and what the outbox does when the server
// refuses a message or goes silent in the middle of one.

/** What the SMTP server does with the next message it is given. */
let behaviour: "accept" | "refuse" | "hang" = "accept";
/** Messages the server accepted (answered 250 to), as it received them. */
const accepted: { from?: string; to: string[]; raw: string }[] = [];
/** Answers the server is holding back (a hung send), released when the suite ends. */
const held: ((error: Error) => void)[] = [];

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  // At the end, connections still open (none should be) are cut rather than waited on for 30 s.
  closeTimeout: 500,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      if (behaviour === "refuse") {
        callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
      } else if (behaviour === "hang") {
        held.push(callback);
      } else {
        accepted.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      }
    });
  },
});

let database: DatabaseHandle;
let smtpUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  // nodemailer reads its options from the URL's query: a silent server is given up on after 1 s.
  smtpUrl = `smtp://127.0.0.1:${port}?socketTimeout=1000`;
  database = await openDatabase({ dataDir: "memory://" });
});

afterAll(async () => {
  for (const answer of held) answer(new Error("The test is over"));
  await new Promise<void>((resolve) => server.close(resolve));
  await database?.close();
});

beforeEach(() => {
  behaviour = "accept";
});

const worker = () => ({
  db: database.db,
  transport: createMailTransport(
    { mail: { mode: "connected", smtpUrl, from: "shop@lagoon.example" } },
    "http://127.0.0.1:1",
  ),
  from: "shop@lagoon.example",
  logger: { warn: () => {} },
});

const header = (raw: string, name: string) =>
  raw.match(new RegExp(`^${name}: (.*)$`, "im"))?.[1]?.trim();

/** The accepted messages carrying `messageId`. */
const acceptedWithId = (messageId: string) =>
  accepted.filter((message) => header(message.raw, "Message-ID") === messageId);

const queue = (subject: string) =>
  enqueueMail(database.db, {
    to: "staff@lagoon.example",
    subject,
    text: "A purchase order arrived.",
    html: "<p>A purchase order arrived.</p>",
    kind: "purchase-order",
    replyTo: "ava@example.com",
  });

const rowOf = async (id: string) =>
  (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

it("hands a queued message to the SMTP server with its envelope, headers and Message-ID", async () => {
  const queued = await queue("Purchase order PO-1001");
  expect(await deliverDueMail(worker())).toEqual({ sent: 1, failed: 0 });

  const [message] = acceptedWithId(`<${queued.id}@lagoon.mail>`);
  expect(message).toMatchObject({ from: "shop@lagoon.example", to: ["staff@lagoon.example"] });
  expect(header(message?.raw ?? "", "Subject")).toBe("Purchase order PO-1001");
  expect(header(message?.raw ?? "", "Reply-To")).toBe("ava@example.com");
  expect(message?.raw).toContain("A purchase order arrived.");
  expect(message?.raw).toContain("<p>A purchase order arrived.</p>");
  expect((await rowOf(queued.id))?.sentAt).toBeInstanceOf(Date);
});

it("keeps a message the server refuses, and delivers it once when it is due again", async () => {
  const queued = await queue("Refused first");
  behaviour = "refuse";
  expect(await deliverDueMail(worker())).toEqual({ sent: 0, failed: 1 });
  const refused = await rowOf(queued.id);
  expect(refused).toMatchObject({ sentAt: null, attempts: 1 });
  expect(refused?.lastError).toMatch(/451/);
  expect(acceptedWithId(`<${queued.id}@lagoon.mail>`)).toEqual([]);

  behaviour = "accept";
  // Not due yet: the back-off holds it.
  expect(await deliverDueMail(worker())).toEqual({ sent: 0, failed: 0 });
  const later = new Date(Date.now() + backoffMs(1) + 1_000);
  expect(await deliverDueMail(worker(), later)).toEqual({ sent: 1, failed: 0 });
  expect(await deliverDueMail(worker(), new Date(later.getTime() + backoffMs(2)))).toEqual({
    sent: 0,
    failed: 0,
  });
  expect(acceptedWithId(`<${queued.id}@lagoon.mail>`)).toHaveLength(1);
  expect((await rowOf(queued.id))?.sentAt).toBeInstanceOf(Date);
});

it("gives up on a server gone silent mid-send, and delivers the message once on the retry", async () => {
  const queued = await queue("Timed out first");
  behaviour = "hang";
  expect(await deliverDueMail(worker())).toEqual({ sent: 0, failed: 1 });
  const timedOut = await rowOf(queued.id);
  expect(timedOut).toMatchObject({ sentAt: null, attempts: 1, claimedUntil: null });
  expect(timedOut?.lastError).toMatch(/timeout/i);
  expect(held).toHaveLength(1);

  behaviour = "accept";
  const later = new Date(Date.now() + backoffMs(1) + 1_000);
  expect(await deliverDueMail(worker(), later)).toEqual({ sent: 1, failed: 0 });
  expect(await deliverDueMail(worker(), new Date(later.getTime() + backoffMs(2)))).toEqual({
    sent: 0,
    failed: 0,
  });
  expect(acceptedWithId(`<${queued.id}@lagoon.mail>`)).toHaveLength(1);
});

it("keeps the message when no SMTP server answers at all", async () => {
  const queued = await queue("Nobody home");
  const closed = {
    ...worker(),
    transport: createMailTransport(
      { mail: { mode: "connected", smtpUrl: "smtp://127.0.0.1:1", from: "shop@lagoon.example" } },
      "http://127.0.0.1:1",
    ),
  };
  expect(await deliverDueMail(closed)).toEqual({ sent: 0, failed: 1 });
  expect((await rowOf(queued.id))?.lastError).toMatch(/ECONNREFUSED/);
});
