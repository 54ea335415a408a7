import express from "express";
import { afterAll, beforeAll } from "vitest";
import { createMailEmulator, type EmulatedMessage } from "../../emulators/mail";
import { createNewsletterEmulator } from "../../emulators/newsletter";
import { type LoopbackServer, listenOnLoopback } from "./loopback";

// The newsletter's tests call the newsletter emulator over real HTTP, with the mail emulator
// beside it for the confirmation emails, as one embedded shop mounts them.

export const API_KEY = "test-newsletter-key";
export const AUDIENCE = "test-audience";

export function startNewsletterEmulator() {
  let server: LoopbackServer;
  let mail: ReturnType<typeof createMailEmulator>;
  const stage = {
    origin: "",
    /** The provider's API base, as the app's client is given it. */
    apiBase: "",
    mailTo: (address: string): EmulatedMessage[] =>
      mail.messages().filter((message) => message.to === address),
  };

  beforeAll(async () => {
    const app = express();
    server = await listenOnLoopback(app);
    stage.origin = server.origin;
    stage.apiBase = `${server.origin}/_emulators/newsletter/3.0`;
    mail = createMailEmulator();
    app.use("/_emulators/mail", mail.router);
    app.use(
      "/_emulators/newsletter",
      createNewsletterEmulator({
        apiKey: API_KEY,
        audienceId: AUDIENCE,
        publicOrigin: server.origin,
        mailEndpoint: `${server.origin}/_emulators/mail/messages`,
      }).router,
    );
  });
  afterAll(() => server.close());

  return stage;
}

/** The confirm link in a confirmation email. */
export function confirmLinkIn(message: EmulatedMessage | undefined): string {
  const link = /https?:\/\/\S+\/confirm\/\S+/.exec(message?.text ?? "")?.[0];
  if (!link) throw new Error(`No confirm link in: ${message?.text}`);
  return link;
}
