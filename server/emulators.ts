import path from "node:path";
import { fileURLToPath } from "node:url";
import { Router } from "express";
import { type ContentFault, createContentEmulator } from "../emulators/content";
import { createStorefrontEmulator } from "../emulators/storefront";
import type { Config } from "./config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface EmulatorFaults {
  content?: ContentFault[];
  /** The storefront emulator's fault for every request: error, throttled, slow[:ms], status:<code>. */
  storefront?: string;
}

/**
 * The one place that mounts the emulators, under `/_emulators/*`, for the upstreams that run
 * embedded. In connected mode an upstream's emulator is never mounted.
 */
export async function createEmulators(
  config: Config,
): Promise<{ router: Router; close(): Promise<void> }> {
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
  return { router, close: async () => {} };
}
