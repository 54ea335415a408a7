import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { measuredEnv } from "./measured-env.mjs";

/**
 * One shop for a bench that needs a single instance (bench:flood, bench:outage): started as
 * production starts it (`npm run serve`, NODE_ENV=production, no test controls) on its own PGlite
 * in `dir`, with `env` added (e.g. REDIS_URL), its log in `dir/shop.log`.
 */
export function startShop({ port, dir, env = {} }) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const logFile = path.join(dir, "shop.log");
  const log = openSync(logFile, "w");
  const child = spawn("npm", ["run", "--silent", "serve"], {
    env: {
      ...measuredEnv({ embedded: true }),
      NODE_ENV: "production",
      PORT: String(port),
      LAGOON_DATA_DIR: path.join(dir, "data"),
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", log, log],
    detached: true,
  });
  closeSync(log);
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    async ready() {
      for (let attempt = 0; attempt < 240; attempt += 1) {
        if (child.exitCode !== null) {
          const tail = readFileSync(logFile, "utf8").split("\n").slice(-20).join("\n");
          throw new Error(`the shop exited (${logFile}):\n${tail}`);
        }
        try {
          const answer = await fetch(`${origin}/healthz`);
          await answer.body?.cancel();
          if (answer.ok) return;
        } catch {}
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error("the shop did not answer within 60 s");
    },
    stop() {
      if (child.exitCode !== null) return;
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
    },
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
