import { type ChildProcessByStdio, spawn } from "node:child_process";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "../..");
const childScript = path.join(root, "tests/support/cart-press-child.ts");

/**
 * An app process of its own (cart-press-child.ts, configured by `env`), started and waiting for
 * "go": `ready` once it is up, `answered` with the statuses of its posts, `exitCode` once it ends.
 */
export function startCartChild(env: Record<string, string>) {
  const child: ChildProcessByStdio<Writable, Readable, null> = spawn(
    process.execPath,
    ["--import", "tsx", childScript],
    { cwd: root, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "inherit"] },
  );
  let output = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const ended = (what: string) =>
    exited.then(() => {
      throw new Error(`the app process ended before ${what}: ${output}`);
    });
  const waiting: (() => void)[] = [];
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiting) check();
  });
  const line = (test: (text: string) => boolean) =>
    new Promise<string>((resolve) => {
      waiting.push(() => {
        const found = output.split("\n").find(test);
        if (found !== undefined) resolve(found);
      });
    });
  const ready = Promise.race([line((text) => text === "ready"), ended("ready")]).then(() => {});
  const answered = Promise.race([line((text) => text.startsWith("[")), ended("answering")]).then(
    (text) => JSON.parse(text) as number[],
  );
  return {
    ready,
    answered,
    /** Its exit code, once it has ended on its own; an error naming what it printed if not 0. */
    exitedCleanly: async () => {
      const { code } = await exited;
      if (code !== 0) throw new Error(`the app process exited with ${code}: ${output}`);
    },
    go: () => child.stdin.end("go\n"),
    kill: async () => {
      // Killed before it answered, it never will: that is no failure.
      answered.catch(() => {});
      child.kill("SIGKILL");
      expect((await exited).signal).toBe("SIGKILL");
    },
  };
}
