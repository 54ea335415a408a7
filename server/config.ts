import { hkdfSync } from "node:crypto";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import type { Config } from "../app/lib/config";
import { DEFAULT_MISS_BUDGET, type MissBudget } from "./page-cache/admission";

import { StoredSecretError, storedSessionSecret } from "./session-secret";

/** LAGOON_MISS_BUDGET: `renders burst/per second,stores burst/per second`, e.g. `10/1,30/1`. */
const MISS_BUDGET = /^(\d+)\/(\d+(?:\.\d+)?),(\d+)\/(\d+(?:\.\d+)?)$/;

/** The page cache's budget of misses per client (server/page-cache/admission.ts). */
function missBudgetOf(value: string | undefined): MissBudget {
  const [, renders, rendersPerSecond, stores, storesPerSecond] =
    MISS_BUDGET.exec(value ?? "") ?? [];
  if (!renders) return DEFAULT_MISS_BUDGET;
  return {
    renders: { burst: Number(renders), perSecond: Number(rendersPerSecond) },
    stores: { burst: Number(stores), perSecond: Number(storesPerSecond) },
  };
}

export type { Config };

/**
 * Reads the environment once. Each upstream switches to its hosted service on its own when its
 * variables are set (ARCHITECTURE.md, "The two modes"); a half-configured upstream is a startup
 * error naming what is missing, never a silent fall-back to the emulator.
 */

const optional = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  LAGOON_PUBLIC_URL: optional.pipe(z.url().optional()),
  LAGOON_DATA_DIR: optional,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SESSION_SECRET: optional,
  DATABASE_URL: optional,
  REDIS_URL: optional,
  SHOPIFY_STORE_DOMAIN: optional,
  SHOPIFY_STOREFRONT_API_TOKEN: optional,
  SHOPIFY_STOREFRONT_PRIVATE_TOKEN: optional,
  SHOPIFY_WEBHOOK_SECRET: optional,
  SHOPIFY_API_VERSION: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .default("2026-04"),
  SHOPIFY_CUSTOMER_ACCOUNT_CLIENT_ID: optional,
  SHOPIFY_SHOP_ID: optional,
  PRISMIC_REPOSITORY: optional,
  PRISMIC_ACCESS_TOKEN: optional,
  PRISMIC_WEBHOOK_SECRET: optional,
  MAILCHIMP_API_KEY: optional.pipe(
    z
      .string()
      .regex(/-[a-z]+\d+$/, "must end in its data centre, as Mailchimp issues it (…-us21)")
      .optional(),
  ),
  MAILCHIMP_AUDIENCE_ID: optional,
  GTM_ID: optional.pipe(
    z
      .string()
      .regex(/^GTM-[A-Za-z0-9]+$/, "must have the form GTM-{alphanumerics} (product §5)")
      .optional(),
  ),
  LAGOON_EMULATOR_FAULTS: optional,
  LAGOON_STAFF_EMAIL: optional.pipe(
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((address) => address.trim())
          .filter(Boolean),
      )
      .pipe(z.tuple([z.email()], z.email(), "must be email addresses separated by commas"))
      .optional(),
  ),
  SMTP_URL: optional.pipe(
    z
      .url()
      .refine((value) => /^smtps?:\/\//.test(value), "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  MAIL_FROM: optional.pipe(z.email("must be an email address").optional()),
  SHOPIFY_ADMIN_API_TOKEN: optional,
  LAGOON_DEMO_PUBLIC: optional.pipe(
    z.enum(["0", "1"], "must be 1 (the emulators' private pages open to all) or 0").optional(),
  ),
  LAGOON_PAGE_CACHE: optional.pipe(
    z.enum(["on", "off"], "must be on or off (off serves every page rendered)").optional(),
  ),
  TRUST_PROXY: optional.pipe(
    z
      .string()
      .refine(
        isTrustProxySetting,
        "must be a hop count (0 trusts no proxy) or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal",
      )
      .optional(),
  ),
  METRICS_PORT: optional.pipe(
    z
      .string()
      .regex(/^\d+$/, "must be a port number")
      .transform(Number)
      .pipe(z.number().max(65535))
      .optional(),
  ),
  METRICS_HOST: optional,
  LAGOON_MISS_BUDGET: optional.pipe(
    z
      .string()
      .regex(
        MISS_BUDGET,
        "must be renders then stores, each a burst and a rate per second: e.g. 10/1,30/1",
      )
      .optional(),
  ),
});

/** Express's own names for address ranges (proxy-addr), besides addresses and CIDR ranges. */
const TRUST_PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isTrustProxySetting(value: string): boolean {
  if (/^\d+$/.test(value)) return true;
  return value.split(",").every((entry) => {
    const [address = "", prefix, extra] = entry.trim().split("/");
    if (extra !== undefined) return false;
    if (TRUST_PROXY_NAMES.has(address) && prefix === undefined) return true;
    const family = isIP(address);
    if (family === 0) return false;
    if (prefix === undefined) return true;
    const bits = /^\d+$/.test(prefix) ? Number(prefix) : Number.NaN;
    return bits >= 0 && bits <= (family === 4 ? 32 : 128);
  });
}

/**
 * Who may tell the shop the client's address and scheme (X-Forwarded-For, X-Forwarded-Proto,
 * X-Request-Id), as Express's `trust proxy` takes it: a hop count, or the proxies' addresses.
 * Unset: loopback only, a proxy on the same machine; a shop reached directly trusts nobody else.
 */
function trustProxyOf(value: string | undefined): number | string[] {
  if (value === undefined) return ["loopback"];
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((entry) => entry.trim());
}

type Env = z.infer<typeof EnvSchema>;

/** The settings only the server reads, besides those it hands to the app. */
export interface ServerConfig extends Config {
  /**
   * The full-page cache of anonymous pages (decision 008); LAGOON_PAGE_CACHE=off leaves it out,
   * so that every page is rendered (benchmarks, debugging).
   */
  pageCache: boolean;
  /**
   * LAGOON_DEMO_PUBLIC=1: the emulators' private pages and APIs (the mail inbox, newsletter
   * members, draft orders, test controls) answer every client, not only this machine
   * (decision 010).
   */
  demoPublic: boolean;
  /** TRUST_PROXY: Express's `trust proxy`, a hop count or the trusted proxies' addresses. */
  trustProxy: number | string[];
  /** METRICS_PORT and METRICS_HOST: the metrics listener, or none when no port is set. */
  metrics?: { port: number; host: string };
  /** LAGOON_MISS_BUDGET: the misses each client may have rendered and stored (admission.ts). */
  missBudget: MissBudget;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** All set: connected. None set: embedded. Some set: the missing ones are named. */
function upstream<Keys extends keyof Env>(
  env: Env,
  label: string,
  required: Keys[],
): "embedded" | "connected" {
  const missing = required.filter((key) => env[key] === undefined);
  if (missing.length === required.length) return "embedded";
  if (missing.length === 0) return "connected";
  throw new ConfigError(
    `${label} is partly configured: set ${missing.join(", ")} too, or unset ${required
      .filter((key) => !missing.includes(key))
      .join(", ")} to use the embedded emulator.`,
  );
}

/**
 * Without SESSION_SECRET, a secret made for this shop and kept in its data directory: a default
 * written in the source would let anyone sign sessions and staff decision links (issue 28).
 */
function sessionSecretKeptIn(dataDir: string): string {
  try {
    return storedSessionSecret(dataDir);
  } catch (error) {
    if (error instanceof StoredSecretError) throw new ConfigError(error.message);
    throw error;
  }
}

/**
 * The storefront emulator signs its webhooks with this when SHOPIFY_WEBHOOK_SECRET is unset: a
 * key of its own derived from the session secret, so only this shop's emulator can purge pages.
 */
function embeddedWebhookSecret(sessionSecret: string): string {
  return Buffer.from(
    hkdfSync("sha256", sessionSecret, "lagoon", "embedded Shopify webhooks", 32),
  ).toString("base64url");
}

export function readConfig(source: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  const env = parsed.data;

  const storefrontMode = upstream(env, "Shopify Storefront API", [
    "SHOPIFY_STORE_DOMAIN",
    "SHOPIFY_STOREFRONT_API_TOKEN",
  ]);
  const customerAccountMode = upstream(env, "Shopify Customer Account API", [
    "SHOPIFY_CUSTOMER_ACCOUNT_CLIENT_ID",
    "SHOPIFY_SHOP_ID",
  ]);
  const contentMode = upstream(env, "Prismic", ["PRISMIC_REPOSITORY"]);
  const newsletterMode = upstream(env, "Mailchimp", ["MAILCHIMP_API_KEY", "MAILCHIMP_AUDIENCE_ID"]);

  if (customerAccountMode === "connected" && env.NODE_ENV === "production" && !env.SESSION_SECRET) {
    throw new ConfigError("SESSION_SECRET is required when the Customer Account API is connected.");
  }

  const dataDir = path.resolve(env.LAGOON_DATA_DIR ?? ".data");
  const sessionSecret = env.SESSION_SECRET ?? sessionSecretKeptIn(dataDir);

  let emulatorFaults: unknown;
  if (env.LAGOON_EMULATOR_FAULTS) {
    try {
      emulatorFaults = JSON.parse(env.LAGOON_EMULATOR_FAULTS);
    } catch {
      throw new ConfigError("LAGOON_EMULATOR_FAULTS must be JSON.");
    }
  }

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.LAGOON_PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    dataDir,
    logLevel: env.LOG_LEVEL,
    sessionSecret,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    gtmId: env.GTM_ID,
    staffEmails: env.LAGOON_STAFF_EMAIL ?? ["staff@lagoon.example"],
    mail: {
      from: env.MAIL_FROM ?? "shop@lagoon.example",
      ...(env.SMTP_URL ? { mode: "connected", smtpUrl: env.SMTP_URL } : { mode: "embedded" }),
    },
    admin:
      storefrontMode === "connected"
        ? env.SHOPIFY_ADMIN_API_TOKEN
          ? {
              mode: "connected",
              storeDomain: env.SHOPIFY_STORE_DOMAIN as string,
              accessToken: env.SHOPIFY_ADMIN_API_TOKEN,
            }
          : { mode: "off" }
        : { mode: "embedded" },
    storefront:
      storefrontMode === "connected"
        ? {
            mode: "connected",
            storeDomain: env.SHOPIFY_STORE_DOMAIN as string,
            publicToken: env.SHOPIFY_STOREFRONT_API_TOKEN as string,
            privateToken: env.SHOPIFY_STOREFRONT_PRIVATE_TOKEN,
            apiVersion: env.SHOPIFY_API_VERSION,
            webhookSecret: env.SHOPIFY_WEBHOOK_SECRET,
          }
        : {
            mode: "embedded",
            apiVersion: env.SHOPIFY_API_VERSION,
            webhookSecret: env.SHOPIFY_WEBHOOK_SECRET ?? embeddedWebhookSecret(sessionSecret),
          },
    customerAccount:
      customerAccountMode === "connected"
        ? {
            mode: "connected",
            clientId: env.SHOPIFY_CUSTOMER_ACCOUNT_CLIENT_ID as string,
            shopId: env.SHOPIFY_SHOP_ID as string,
          }
        : { mode: "embedded" },
    content:
      contentMode === "connected"
        ? {
            mode: "connected",
            repositoryName: env.PRISMIC_REPOSITORY as string,
            accessToken: env.PRISMIC_ACCESS_TOKEN,
            webhookSecret: env.PRISMIC_WEBHOOK_SECRET,
          }
        : { mode: "embedded", webhookSecret: env.PRISMIC_WEBHOOK_SECRET },
    newsletter:
      newsletterMode === "connected"
        ? {
            mode: "connected",
            apiKey: env.MAILCHIMP_API_KEY as string,
            audienceId: env.MAILCHIMP_AUDIENCE_ID as string,
          }
        : // The newsletter emulator checks the key as the provider does; both sides know this one.
          { mode: "embedded", apiKey: "lagoon-embedded-newsletter-key", audienceId: "lagoon-demo" },
    emulatorFaults,
    pageCache: env.LAGOON_PAGE_CACHE !== "off",
    demoPublic: env.LAGOON_DEMO_PUBLIC === "1",
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    missBudget: missBudgetOf(env.LAGOON_MISS_BUDGET),
    metrics:
      env.METRICS_PORT === undefined
        ? undefined
        : { port: env.METRICS_PORT, host: env.METRICS_HOST ?? "127.0.0.1" },
  };
}

/**
 * LAGOON_TEST_CONTROLS=1 (set by the test suites only) mounts the emulators' test controls: their
 * request counters and the faults a request may ask for. A shop serving in embedded mode has none.
 */
export function testControlsEnabled(source: NodeJS.ProcessEnv = process.env): boolean {
  return source.LAGOON_TEST_CONTROLS === "1";
}

export function isFullyEmbedded(config: Config): boolean {
  return [config.storefront, config.customerAccount, config.content, config.newsletter].every(
    (service) => service.mode === "embedded",
  );
}
