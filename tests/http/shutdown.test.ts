import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort } from "../support/own-services";
import { until } from "../support/until";

// A deploy stops the old process with SIGTERM (server/main.ts): the requests it is answering are
// answered, new connections are refused at once (the load balancer tries another process), and
// the process exits 0 when the last answer has gone. The server here is what `npm run serve` runs
// (build/server-main.js, the bundle `npm run build` made), in a process of its own.

const root = fileURLToPath(new URL("../..", import.meta.url));
/** Every Storefront API call takes this long: a product page is still rendering when asked. */
const STOREFRONT_DELAY_MS = 2_000;

let server: ChildProcess;
let origin: string;
let port: number;
let dataDir: string;
/** What the server wrote, for a failure's message. */
let output = "";
let exit: (outcome: { code: number | null; at: number }) => void;
const exited = new Promise<{ code: number | null; at: number }>((resolve) => {
  exit = resolve;
});

beforeAll(async () => {
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "lagoon-shutdown-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    LAGOON_PUBLIC_URL: origin,
    LAGOON_DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    LAGOON_TEST_CONTROLS: "1",
    LAGOON_EMULATOR_FAULTS: JSON.stringify({ storefront: `slow:${STOREFRONT_DELAY_MS}` }),
  };
  // The in-process stores, whatever the machine offers.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  server = spawn(process.execPath, ["build/server-main.js"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  server.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  server.on("exit", (code) => exit({ code, at: Date.now() }));
  await until(async () => (await fetch(`${origin}/healthz`)).ok, 60_000).catch((error) => {
    throw new Error(`The server did not start:\n${output}`, { cause: error });
  });
}, 90_000);

afterAll(() => {
  if (server?.exitCode === null) server.kill("SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** How many Product reads the storefront emulator has had (its test controls' counter). */
async function productReads(): Promise<number> {
  const stats = (await (
    await fetch(`${origin}/_emulators/storefront/_stats`, { headers: { Connection: "close" } })
  ).json()) as { byOperation: Record<string, number> };
  return stats.byOperation.Product ?? 0;
}

/** GET over a connection of its own (or the agent's): the answer, when it ended, its socket. */
function get(pathname: string, agent?: Agent) {
  return new Promise<{ status: number; body: string; at: number; socket: Socket }>(
    (resolve, reject) => {
      let socket: Socket | undefined;
      const outgoing = request(`${origin}${pathname}`, { agent: agent ?? false }, (answer) => {
        let body = "";
        answer.setEncoding("utf8");
        answer.on("data", (chunk: string) => {
          body += chunk;
        });
        answer.on("end", () =>
          resolve({
            status: answer.statusCode ?? 0,
            body,
            at: Date.now(),
            socket: socket as Socket,
          }),
        );
        answer.on("error", reject);
      });
      outgoing.on("socket", (assigned) => {
        socket = assigned;
      });
      outgoing.on("error", reject);
      outgoing.end();
    },
  );
}

/** Whether a new TCP connection to the server is refused (rather than accepted). */
function refused(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

it("SIGTERM: answers the requests in flight, refuses new connections, exits 0", async () => {
  // An idle keep-alive connection, as a browser or proxy holds one: it must not keep the
  // process alive.
  const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
  const health = await get("/healthz", keepAlive);
  expect(health.status).toBe(200);
  const idleClosed = new Promise<void>((resolve) => health.socket.on("close", () => resolve()));

  // A product page in flight on a keep-alive connection, as browsers and proxies send them: the
  // server has asked the storefront for the product.
  const browser = new Agent({ keepAlive: true, maxSockets: 1 });
  const reads = await productReads();
  const inFlight = get("/store/products/davey-silensorpro-sls-pool-pump", browser);
  await until(async () => (await productReads()) > reads, 10_000);
  const stopped = Date.now();
  server.kill("SIGTERM");

  await until(refused, 1_000);
  const refusedAt = Date.now();
  const answer = await inFlight;
  expect(answer.status).toBe(200);
  expect(answer.body).toContain("Davey SilensorPro SLS Pool Pump</h1>");
  expect(answer.body.trimEnd()).toMatch(/<\/html>$/);
  // New connections were refused while the page was still being rendered.
  expect(refusedAt).toBeLessThan(answer.at);

  const outcome = await exited;
  expect(outcome.code, output).toBe(0);
  expect(outcome.at).toBeGreaterThanOrEqual(answer.at);
  // Without waiting out the idle connection's keep-alive (65 s) or the 10 s grace period.
  await idleClosed;
  expect(outcome.at - stopped).toBeLessThan(STOREFRONT_DELAY_MS + 5_000);
  keepAlive.destroy();
  browser.destroy();
}, 60_000);
