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
  storefront: Upstream<{ storeDomain: string; publicToken: string; privateToken?: string }> & {
    apiVersion: string;
  };
  customerAccount: Upstream<{ clientId: string; shopId: string }>;
  content: Upstream<{ repositoryName: string; accessToken?: string }> & { webhookSecret?: string };
  newsletter: Upstream<{ apiKey: string; audienceId: string }>;
  /** Faults the emulators inject, for tests of upstream failure; embedded mode only. */
  emulatorFaults: unknown;
}
