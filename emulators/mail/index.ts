import express, { Router } from "express";
import { z } from "zod";
import { escapeHtml, emulatorPage as page } from "../shared/html";

// The mail emulator (embedded mode): the outbox worker delivers here over HTTP instead of SMTP,
// and /_emulators/mail shows what was sent, so staff links and confirmation links can be
// followed on one machine. Messages live in memory: an emulator's inbox starts empty with it.

const MessageSchema = z.object({
  messageId: z.string().min(1).max(200),
  from: z.string().min(1).max(320),
  to: z.string().min(1).max(320),
  subject: z.string().max(998),
  text: z.string().max(1_000_000),
  html: z.string().max(1_000_000).nullable().optional(),
  replyTo: z.string().max(320).nullable().optional(),
});

export type EmulatedMessage = z.infer<typeof MessageSchema> & { id: number; receivedAt: string };

/** Web addresses in plain text become links; everything else is escaped. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join("");
}

export function createMailEmulator(): { router: Router; messages: () => EmulatedMessage[] } {
  const messages: EmulatedMessage[] = [];
  const byMessageId = new Map<string, EmulatedMessage>();
  const router = Router();

  // Delivery. The same Message-ID twice is one message: a worker that retries after a lost
  // answer does not make staff see an order twice.
  router.post("/messages", express.json({ limit: "2mb" }), (request, response) => {
    const parsed = MessageSchema.safeParse(request.body);
    if (!parsed.success) {
      response.status(400).json({ error: z.prettifyError(parsed.error) });
      return;
    }
    const known = byMessageId.get(parsed.data.messageId);
    if (known) {
      response.status(200).json({ id: known.id, duplicate: true });
      return;
    }
    const message = {
      ...parsed.data,
      id: messages.length + 1,
      receivedAt: new Date().toISOString(),
    };
    messages.push(message);
    byMessageId.set(message.messageId, message);
    response.status(201).json({ id: message.id });
  });

  router.get("/messages.json", (_request, response) => {
    response.json([...messages].reverse());
  });

  router.get("/", (_request, response) => {
    const rows = [...messages]
      .reverse()
      .map(
        (message) =>
          `<tr><td>${escapeHtml(message.receivedAt)}</td><td>${escapeHtml(message.to)}</td><td><a href="mail/${message.id}">${escapeHtml(message.subject)}</a></td></tr>`,
      )
      .join("");
    response.type("html").send(
      page(
        "Mail emulator",
        `<h1>Mail emulator</h1><p>${messages.length} message(s), newest first.</p>
<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`,
      ),
    );
  });

  router.get("/:id", (request, response) => {
    const message = messages[Number(request.params.id) - 1];
    if (!message) {
      response.status(404).type("html").send(page("Not found", "<h1>No such message</h1>"));
      return;
    }
    response.type("html").send(
      page(
        message.subject,
        `<p><a href="../mail">All messages</a></p><h1>${escapeHtml(message.subject)}</h1>
<p>From ${escapeHtml(message.from)} to ${escapeHtml(message.to)}, ${escapeHtml(message.receivedAt)}</p>
${message.replyTo ? `<p>Reply to ${escapeHtml(message.replyTo)}</p>` : ""}
<pre>${linkify(message.text)}</pre>`,
      ),
    );
  });

  return { router, messages: () => [...messages] };
}
