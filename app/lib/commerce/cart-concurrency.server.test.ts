import { type ChildProcessByStdio, spawn } from "node:child_process";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import {
  Browser,
  cartOf,
  POOL_SALT,
  startStorefrontEmulator,
} from "../../../tests/support/cart-emulator";
import { describeOnBothEngines } from "../../../tests/support/databases";
import { loadCart } from "./cart-layout.server";

// product §4: a +/- press is a change by one, applied to the line as it is when the change is
// made. Twenty presses on a line of 5 that all saw 5 (a fast shopper, several tabs, several app
// processes behind a load balancer) leave 25, never 6. The emulator keeps its carts on the same
// database as the app, as in embedded mode.

const PRESSES = 20;
const PLUS_ONE_FROM_5 = { intent: "update", quantity: "6", from: "5" };

describeOnBothEngines("+1 presses racing on one cart line", (database, engine, databaseUrl) => {
  const emulator = startStorefrontEmulator({ database });

  async function lineOfFive() {
    const browser = new Browser();
    const added = await emulator.post(browser, {
      intent: "add",
      merchandiseId: POOL_SALT,
      quantity: "5",
    });
    const lineId = cartOf(added.body)?.lines[0]?.id ?? "";
    const quantity = async () =>
      (await loadCart(browser.request(), emulator.services())).cart?.lines[0]?.quantity;
    return { browser, lineId, quantity };
  }

  it(`${PRESSES} concurrent +1 through one app raise the line by exactly ${PRESSES}`, async () => {
    const { browser, lineId, quantity } = await lineOfFive();
    const app = emulator.services();
    const answers = await Promise.all(
      Array.from({ length: PRESSES }, () =>
        emulator.post(browser, { ...PLUS_ONE_FROM_5, lineId }, { services: app }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(PRESSES).fill(200));
    expect(await quantity()).toBe(5 + PRESSES);
  });

  it(`${PRESSES} concurrent +1 through two app contexts on one database raise it by ${PRESSES}`, async () => {
    const { browser, lineId, quantity } = await lineOfFive();
    // Each context has its own cache and its own cart services, as two processes would.
    const apps = [emulator.services(), emulator.services()];
    const answers = await Promise.all(
      Array.from({ length: PRESSES }, (_, press) =>
        emulator.post(browser, { ...PLUS_ONE_FROM_5, lineId }, { services: apps[press % 2] }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(PRESSES).fill(200));
    expect(await quantity()).toBe(5 + PRESSES);
  });

  // Two processes share PostgreSQL only: PGlite belongs to the process that opened it.
  if (engine !== "postgres") return;
  it(`${PRESSES} concurrent +1 from two app processes on one PostgreSQL raise it by ${PRESSES}`, async () => {
    const { browser, lineId, quantity } = await lineOfFive();
    const env = {
      CART_CHILD_DATABASE_URL: databaseUrl ?? "",
      CART_CHILD_ORIGIN: emulator.origin,
      CART_CHILD_COOKIES: JSON.stringify([...browser.cookies]),
      CART_CHILD_PRESS: JSON.stringify({ ...PLUS_ONE_FROM_5, lineId }),
      CART_CHILD_PRESSES: String(PRESSES / 2),
    };
    const children = [startPressChild(env), startPressChild(env)];
    await Promise.all(children.map((child) => child.ready));
    for (const child of children) child.go();
    const statuses = (await Promise.all(children.map((child) => child.statuses))).flat();
    expect(statuses).toEqual(Array(PRESSES).fill(200));
    expect(await quantity()).toBe(5 + PRESSES);
  }, 60_000);
});

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "../../..");
const childScript = path.join(root, "tests/support/cart-press-child.ts");

/** A second app process (tests/support/cart-press-child.ts), started and waiting for "go". */
function startPressChild(env: Record<string, string>) {
  const child: ChildProcessByStdio<Writable, Readable, null> = spawn(
    process.execPath,
    ["--import", "tsx", childScript],
    { cwd: root, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "inherit"] },
  );
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready\n")) resolve();
    });
    void exited.then(() => reject(new Error(`the press child ended before ready: ${output}`)));
  });
  const statuses = exited.then((code) => {
    const last = output.trim().split("\n").at(-1) ?? "";
    if (code !== 0 || !last.startsWith("[")) {
      throw new Error(`the press child exited with ${code}: ${output}`);
    }
    return JSON.parse(last) as number[];
  });
  return { ready, statuses, go: () => child.stdin.end("go\n") };
}
