import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const DEFAULT_PATH = "/usr/bin/chromium";

/**
 * Finds Chromium for the end-to-end tests. Playwright's own browser download does not work on
 * these machines, so on Debian as root we install the distribution's package when it is missing.
 */
export function ensureChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new Error(`CHROMIUM_PATH is set to ${configured}, but nothing is there.`);
  }
  if (existsSync(DEFAULT_PATH)) return DEFAULT_PATH;

  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
    if (existsSync(DEFAULT_PATH)) return DEFAULT_PATH;
  }
  throw new Error(
    "No Chromium found for the end-to-end tests. Install Chromium and set CHROMIUM_PATH to its executable.",
  );
}
