import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { measuredEnv } from "./measured-env.mjs";

/**
 * Starts a process in a group of its own (npm runs the server under a shell), its output into
 * `logFile` (kept as `child.logFile`); whoever started it ends the group (`stopGroup`).
 */
export function startDetached(command, args, { env = process.env, cwd, logFile }) {
  const log = openSync(logFile, "w");
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", log, log], detached: true });
  closeSync(log);
  child.logFile = logFile;
  return child;
}

/** Ends a process started by `startDetached`, and its group. */
export function stopGroup(child) {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
}

/** The last 20 lines of a started process's log. */
export function logTail(child) {
  try {
    return readFileSync(child.logFile, "utf8").split("\n").slice(-20).join("\n");
  } catch {
    return "";
  }
}

/** Waits for `url` to answer; a server that exits first fails the bench with its log's end. */
export async function waitFor(url, child) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${url}: its server exited (${child.logFile}):\n${logTail(child)}`);
    }
    try {
      const answer = await fetch(url);
      await answer.body?.cancel();
      if (answer.status < 500) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within 60 s (${child.logFile}):\n${logTail(child)}`);
}

/**
 * One shop for a bench that needs a single instance (bench:flood, bench:outage): started as
 * production starts it (`npm run serve`, NODE_ENV=production, no test controls) on its own PGlite
 * in `dir`, with `env` added (e.g. REDIS_URL), its log in `dir/shop.log`.
 */
export function startShop({ port, dir, env = {} }) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const child = startDetached("npm", ["run", "--silent", "serve"], {
    env: {
      ...measuredEnv({ embedded: true }),
      NODE_ENV: "production",
      PORT: String(port),
      LAGOON_DATA_DIR: path.join(dir, "data"),
      LOG_LEVEL: "warn",
      ...env,
    },
    logFile: path.join(dir, "shop.log"),
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    ready: () => waitFor(`${origin}/healthz`, child),
    stop: () => stopGroup(child),
  };
}

/** A request on `agent`'s connections: status, cache status and milliseconds to the last byte. */
export function timedRequest(agent, url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const outgoing = request(
      url,
      { agent, method, headers: { "accept-encoding": "br, gzip", ...headers } },
      (answer) => {
        answer.resume();
        answer.on("end", () =>
          resolve({
            status: answer.statusCode ?? 0,
            cache: answer.headers["x-lagoon-cache"],
            headers: answer.headers,
            ms: performance.now() - started,
          }),
        );
        answer.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
