import nodemailer from "nodemailer";
import type { Config } from "../config";

// How mail leaves the shop: SMTP (nodemailer) where SMTP_URL is set; otherwise the mail emulator,
// over real HTTP, which keeps what it gets and shows it at /_emulators/mail.

export interface OutgoingMail {
  /** Stable per outbox row, so a receiver can tell a retried message from a new one. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * nodemailer waits up to 2 minutes to connect and 10 minutes on a silent server by default: longer
 * than the outbox's claim on a message (a minute), after which another worker would send it too.
 * A send gives up well within the claim, and the outbox retries it. SMTP_URL's query may set these
 * (e.g. `?socketTimeout=5000`), as nodemailer reads options from its URL.
 */
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
} as const;

export function createMailTransport(
  config: Pick<Config, "mail">,
  emulatorOrigin: string,
  fetchImpl: typeof fetch = fetch,
): MailTransport {
  if (config.mail.mode === "connected") {
    const smtp = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: config.mail.smtpUrl });
    return {
      async send(mail) {
        await smtp.sendMail({
          messageId: mail.messageId,
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        });
      },
    };
  }
  const url = `${emulatorOrigin}/_emulators/mail/messages`;
  return {
    async send(mail) {
      const response = await fetchImpl(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(mail),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`Mail emulator answered ${response.status}`);
    },
  };
}
