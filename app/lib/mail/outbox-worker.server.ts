import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../database";
import { mailOutbox } from "./outbox-schema";
import type { MailTransport } from "./transport.server";

type Db = DatabaseHandle["db"];

/** A claim outlives any one send; a worker that died mid-send releases its mail after this. */
const CLAIM_MS = 60_000;
const BATCH = 10;

/** 30 s, 1 min, 2 min … capped at an hour: a broken mail server is not hammered. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 60 * 60 * 1000);
}

export interface OutboxWorkerOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  logger: { warn(details: Record<string, unknown>, message: string): void };
  /** How often to look for due mail. */
  intervalMs?: number;
}

/**
 * Claims due mail so no other worker (in this process or another) sends it at the same time,
 * then sends it and marks it sent. A failed send is retried later, with back-off. Each message
 * carries a Message-ID made from its row, so a send whose answer was lost and is retried is still
 * one message to a receiver that deduplicates (the mail emulator does).
 */
export async function deliverDueMail(
  { db, transport, from, logger }: Omit<OutboxWorkerOptions, "intervalMs">,
  now = new Date(),
): Promise<{ sent: number; failed: number }> {
  const claim = new Date(now.getTime() + CLAIM_MS);
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.sequenceNumber))
    .limit(BATCH)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ claimedUntil: claim, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();

  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    try {
      await transport.send({
        messageId: `<${row.id}@lagoon.mail>`,
        from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        replyTo: row.replyTo,
      });
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(), claimedUntil: null, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      sent++;
    } catch (error) {
      failed++;
      logger.warn(
        { err: error, mail: row.id, attempts: row.attempts },
        "mail not sent; will retry",
      );
      await db
        .update(mailOutbox)
        .set({
          claimedUntil: null,
          nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)),
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
        })
        .where(eq(mailOutbox.id, row.id));
    }
  }
  return { sent, failed };
}

/** Runs `deliverDueMail` every `intervalMs` until stopped; one round at a time. */
export function startOutboxWorker(options: OutboxWorkerOptions): { stop(): Promise<void> } {
  const intervalMs = options.intervalMs ?? 1_000;
  let stopped = false;
  let round: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    round = deliverDueMail(options)
      .catch((error: unknown) => options.logger.warn({ err: error }, "mail outbox round failed"))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  let timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
