import path from "node:path";
import { fileURLToPath } from "node:url";
import { Router } from "express";
import type { CustomerAccountOidcSettings } from "../app/lib/customer/oidc.server";
import { type ContentFault, createContentEmulator } from "../emulators/content";
import {
  type CustomerAccountEmulator,
  createCustomerAccountEmulator,
} from "../emulators/customer-account";
import { createMailEmulator } from "../emulators/mail";
import { createNewsletterEmulator } from "../emulators/newsletter";
import { createMemoryCartStorage, createStorefrontEmulator } from "../emulators/storefront";
import { checkoutCustomersOf } from "./checkout-customers";
import type { ServerConfig } from "./config";
import { type Database, writesAlone } from "./db";
import { createDatabaseCartStorage } from "./db/emulator-carts";
import { createDatabaseCustomerStorage } from "./db/emulator-customers";
import { privateToThisMachine } from "./emulator-access";
import type { Logger } from "./logger";
import { type StorefrontThread, startStorefrontThread } from "./storefront-thread";

/** Where the storefront emulator answers, on this server and on its own thread's. */
const STOREFRONT_PATH = "/_emulators/storefront";

// The checkout's root, from this file (or from the bundle of it, scripts/build-server.mjs).
const root = fileURLToPath(new URL("../", import.meta.url));

interface EmulatorFaults {
  content?: ContentFault[];
  /** The storefront emulator's fault for every request: error, throttled, slow[:ms], status:<code>. */
  storefront?: string;
  /** Short-lived access tokens, so tests see them expire and get refreshed. */
  customerAccount?: { accessTokenTtlSeconds?: number };
}

/** This server on loopback, whatever the public URL is: how one emulator reaches another. */
function loopbackOrigin(config: ServerConfig): string {
  const host = ["0.0.0.0", "::", ""].includes(config.host) ? "127.0.0.1" : config.host;
  return `http://${host.includes(":") ? `[${host}]` : host}:${config.port}`;
}

export interface Emulators {
  router: Router;
  customerAccount?: CustomerAccountEmulator;
  /**
   * Where the app calls the embedded Storefront (and Admin) API: the emulator's own thread
   * (server/storefront-thread.ts). Undefined when it runs on this server's thread, or not at all.
   */
  storefrontEndpoint?: string;
  close(): Promise<void>;
}

/**
 * The one place that mounts the emulators, under `/_emulators/*`, for the upstreams that run
 * embedded. In connected mode an upstream's emulator is never mounted. Their private pages and
 * APIs answer only this machine, unless `config.demoPublic` (decision 010).
 *
 * `database` keeps the storefront emulator's carts and the customer-account emulator's customers
 * and orders (without it they live in memory); `signIn` is
 * the app's OAuth client, which the embedded identity provider must know; `testControls` mounts
 * the test suites' controls (see `testControlsEnabled`).
 */
export async function createEmulators(
  config: ServerConfig,
  deps: {
    database?: Database;
    signIn: CustomerAccountOidcSettings;
    testControls?: boolean;
    /**
     * false: the storefront emulator answers on this thread, so that middleware in front of
     * `router` sees the app's calls too (a test's faults). On its own thread by default.
     */
    storefrontThread?: boolean;
    logger?: Pick<Logger, "warn" | "error">;
  },
): Promise<Emulators> {
  const router = Router();
  if (config.demoPublic) {
    deps.logger?.warn(
      "LAGOON_DEMO_PUBLIC=1: the emulators' private pages (the mail inbox with staff approval links, newsletter members, draft orders) answer anyone who reaches this server",
    );
  } else {
    router.use(privateToThisMachine);
  }
  const faults = (config.emulatorFaults ?? {}) as EmulatorFaults;
  if (config.content.mode === "embedded") {
    router.use(
      "/content",
      createContentEmulator({
        contentDir: path.join(root, "content"),
        publicOrigin: config.publicUrl,
        faults: faults.content,
      }),
    );
  }
  let customerAccount: CustomerAccountEmulator | undefined;
  let storefrontThread: StorefrontThread | undefined;
  if (config.storefront.mode === "embedded") {
    const emulator = {
      catalogDir: path.join(root, "demo/catalog"),
      publicOrigin: config.publicUrl,
      fault: faults.storefront,
      testControls: deps.testControls,
      // Shopify calls the shop's public URL; so does its stand-in.
      webhooks: config.storefront.webhookSecret
        ? {
            url: `${config.publicUrl}/api/webhooks/shopify`,
            secret: config.storefront.webhookSecret,
          }
        : undefined,
    };
    const onThread = deps.storefrontThread !== false;
    // Where nothing but the emulator writes the carts (PGlite, or memory), it keeps those it
    // reads; on its thread, on the thread's side of the port (decision 013), not here as well.
    const keepCarts = !deps.database || writesAlone(deps.database);
    const carts = deps.database
      ? createDatabaseCartStorage(deps.database, { keep: !onThread })
      : createMemoryCartStorage();
    const customers = checkoutCustomersOf(() => customerAccount);
    if (!onThread) {
      router.use(
        "/storefront",
        createStorefrontEmulator({
          ...emulator,
          carts,
          customers,
          onWebhookFailure: (topic, error) =>
            deps.logger?.warn({ err: error, topic }, "the storefront emulator's webhook failed"),
        }),
      );
    } else {
      storefrontThread = await startStorefrontThread({
        emulator: { ...emulator, mountPath: STOREFRONT_PATH },
        carts,
        keepCarts,
        customers,
        logger: deps.logger,
      });
      router.use("/storefront", storefrontThread.forward);
    }
  }
  if (config.customerAccount.mode === "embedded") {
    // The app signs in here exactly as it would at Shopify: the same issuer, client and redirects.
    const settings = deps.signIn;
    customerAccount = await createCustomerAccountEmulator({
      issuer: settings.issuer,
      clients: [
        {
          clientId: settings.clientId,
          redirectUris: [settings.redirectUri],
          postLogoutRedirectUris: [settings.postLogoutRedirectUri],
        },
      ],
      accessTokenTtlSeconds: faults.customerAccount?.accessTokenTtlSeconds,
      testControls: deps.testControls,
      storage: deps.database ? createDatabaseCustomerStorage(deps.database) : undefined,
      // Every instance of the shop, and the next build's, accept each other's access tokens.
      signingSecret: config.sessionSecret,
    });
    router.use("/customer-account", customerAccount.router);
  }
  if (config.mail.mode === "embedded") {
    router.use("/mail", createMailEmulator().router);
  }
  if (config.newsletter.mode === "embedded") {
    router.use(
      "/newsletter",
      createNewsletterEmulator({
        apiKey: config.newsletter.apiKey,
        audienceId: config.newsletter.audienceId,
        publicOrigin: config.publicUrl,
        // Its confirmation emails go to the mail emulator, on this very server; with real SMTP
        // there is none, and the emulator's own page lists the confirm links.
        mailEndpoint:
          config.mail.mode === "embedded"
            ? `${loopbackOrigin(config)}/_emulators/mail/messages`
            : undefined,
      }).router,
    );
  }
  return {
    router,
    customerAccount,
    storefrontEndpoint: storefrontThread?.endpoint,
    close: async () => {
      await storefrontThread?.close();
      await customerAccount?.close();
    },
  };
}

/** `config` with where the app reaches the emulators that answer away from this server's thread. */
export function reachingEmulators<C extends ServerConfig>(config: C, emulators: Emulators): C {
  if (config.storefront.mode !== "embedded" || !emulators.storefrontEndpoint) return config;
  return {
    ...config,
    storefront: { ...config.storefront, embeddedEndpoint: emulators.storefrontEndpoint },
  };
}
