import path from "node:path";
import { fileURLToPath } from "node:url";
import { Router } from "express";
import { type ContentFault, createContentEmulator } from "../emulators/content";
import {
  type CustomerAccountEmulator,
  createCustomerAccountEmulator,
} from "../emulators/customer-account";
import { createStorefrontEmulator } from "../emulators/storefront";
import type { Config } from "./config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface EmulatorFaults {
  content?: ContentFault[];
  /** The storefront emulator's fault for every request: error, throttled, slow[:ms], status:<code>. */
  storefront?: string;
}

/** The OAuth client the app registers with the customer-account emulator. */
export const EMBEDDED_CUSTOMER_ACCOUNT_CLIENT_ID = "lagoon-embedded";
export const CUSTOMER_ACCOUNT_EMULATOR_PATH = "/_emulators/customer-account";

export interface Emulators {
  router: Router;
  customerAccount?: CustomerAccountEmulator;
  close(): Promise<void>;
}

/**
 * The one place that mounts the emulators, under `/_emulators/*`, for the upstreams that run
 * embedded. In connected mode an upstream's emulator is never mounted.
 */
export async function createEmulators(config: Config): Promise<Emulators> {
  const router = Router();
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
  if (config.storefront.mode === "embedded") {
    router.use(
      "/storefront",
      createStorefrontEmulator({
        catalogDir: path.join(root, "demo/catalog"),
        publicOrigin: config.publicUrl,
        fault: faults.storefront,
      }),
    );
  }
  let customerAccount: CustomerAccountEmulator | undefined;
  if (config.customerAccount.mode === "embedded") {
    customerAccount = await createCustomerAccountEmulator({
      issuer: `${config.publicUrl}${CUSTOMER_ACCOUNT_EMULATOR_PATH}`,
      clients: [
        {
          clientId: EMBEDDED_CUSTOMER_ACCOUNT_CLIENT_ID,
          redirectUris: [`${config.publicUrl}/account/authorize`],
          postLogoutRedirectUris: [`${config.publicUrl}/`],
        },
      ],
    });
    router.use("/customer-account", customerAccount.router);
  }
  return {
    router,
    customerAccount,
    close: async () => {
      await customerAccount?.close();
    },
  };
}
