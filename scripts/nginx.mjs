import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const DEFAULT_PATH = "/usr/sbin/nginx";

/**
 * Finds nginx for the rolling-deploy test (tests/http/rolling-deploy.test.ts), which puts it in
 * front of two shops. As for Chromium (scripts/chromium.mjs), on Debian as root we install the
 * distribution's package when it is missing; the test runs it with a configuration of its own.
 */
export function ensureNginx() {
  const configured = process.env.NGINX_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new Error(`NGINX_PATH is set to ${configured}, but nothing is there.`);
  }
  if (existsSync(DEFAULT_PATH)) return DEFAULT_PATH;

  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("nginx is missing: installing Debian's nginx-light package…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "nginx-light"], { stdio: "inherit", env });
    if (existsSync(DEFAULT_PATH)) return DEFAULT_PATH;
  }
  throw new Error(
    "No nginx found for the rolling-deploy test. Install nginx and set NGINX_PATH to its executable.",
  );
}
