import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { redisAvailable } from "./services";

/** A port nothing listens on now, on loopback. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * A `redis-server` of the caller's own on `port` (never the machine's, which other suites use),
 * without persistence; resolves once it answers PING.
 */
export async function startOwnRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  await new Promise<void>((resolve, reject) => {
    child.once("spawn", resolve);
    child.once("error", (error) =>
      reject(new Error(`redis-server could not start: ${error.message}`)),
    );
  });
  const deadline = Date.now() + 10_000;
  while (!(await redisAvailable(`redis://127.0.0.1:${port}`)).available) {
    if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not answer in 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return child;
}

/** Stops it at once (SIGKILL, as a crash would) and waits for it to be gone. */
export async function stopOwnRedis(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGKILL");
  await once(child, "exit");
}
