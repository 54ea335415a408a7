/**
 * The shop's settings, as the server read them from the environment (server/config.ts). Each
 * upstream is embedded (its emulator, mounted on this server) or connected (the hosted service).
 */
export type Upstream<Connected> = { mode: "embedded" } | ({ mode: "connected" } & Connected);

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /** The origin shoppers reach, used for canonical URLs and the emulators' public links. */
  publicUrl: string;
  dataDir: string;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  sessionSecret: string;
  databaseUrl?: string;
  redisUrl?: string;
  gtmId?: string;
  /**
   * Staff (LAGOON_STAFF_EMAIL, at least one): each receives every new purchase order with its
   * Approve and Reject links and may sign in to the staff inbox (product §4); the first receives
   * the contact form's enquiries.
   */
  staffEmails: readonly [string, ...string[]];
  /** Outgoing mail: SMTP where SMTP_URL is set, else the mail emulator (/_emulators/mail). */
  mail: Upstream<{ smtpUrl: string }> & { from: string };
  /** Shopify's Admin API, for draft orders of approved purchase orders; off when not configured. */
  admin: Upstream<{ storeDomain: string; accessToken: string }> | { mode: "off" };
  storefront: Upstream<{ storeDomain: string; publicToken: string; privateToken?: string }> & {
    apiVersion: string;
    /** Signs Shopify's catalogue webhooks; embedded, a key only the storefront emulator knows. */
    webhookSecret?: string;
    /**
     * Embedded: where the server calls its storefront emulator (Storefront and Admin API), when it
     * answers on a thread of its own (server/storefront-thread.ts); else this server's
     * `/_emulators/storefront`.
     */
    embeddedEndpoint?: string;
  };
  customerAccount: Upstream<{ clientId: string; shopId: string }>;
  content: Upstream<{ repositoryName: string; accessToken?: string }> & { webhookSecret?: string };
  /**
   * The email-marketing provider (Mailchimp's Marketing API). Embedded: the newsletter emulator,
   * with a demo key and audience that server/config.ts sets and the emulator checks.
   */
  newsletter: { mode: "embedded" | "connected"; apiKey: string; audienceId: string };
  /** Faults the emulators inject, for tests of upstream failure; embedded mode only. */
  emulatorFaults: unknown;
}
