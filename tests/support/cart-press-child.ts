// A second app process pressing + on one cart line: it opens the same database (PostgreSQL, or
// a PGlite directory no other process has open), builds its own services (its own cache), says
// "ready", and on "go" (stdin) posts its presses all at once (or its forms one by one). It prints
// the statuses it got as JSON, then ends, or with CART_CHILD_STAY=1 stays up to be killed (SIGKILL) by the test.

import { createInterface } from "node:readline";
import { Browser, postCartForm } from "./cart-form";
import { cartActionServices } from "./cart-services";
import { openDatabase } from "./server-parts";

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const database = await openDatabase(
  process.env.CART_CHILD_DATA_DIR
    ? { dataDir: process.env.CART_CHILD_DATA_DIR }
    : { databaseUrl: env("CART_CHILD_DATABASE_URL"), dataDir: "-" },
);
const services = cartActionServices({
  origin: env("CART_CHILD_ORIGIN"),
  database: () => database,
  // e.g. "slow:20000": the platform keeps this process's change (and the cart's turn) waiting.
  fault: process.env.CART_CHILD_FAULT,
});
const browser = new Browser();
browser.cookies = new Map(JSON.parse(env("CART_CHILD_COOKIES")) as [string, string][]);
// One form pressed CART_CHILD_PRESSES times at once, or a list of forms posted one after another.
const forms = JSON.parse(env("CART_CHILD_PRESS")) as
  | Record<string, string>
  | Record<string, string>[];
const presses = Number(process.env.CART_CHILD_PRESSES ?? "1");

process.stdout.write("ready\n");
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line.trim() === "go") break;
}
lines.close();
const statuses: number[] = [];
if (Array.isArray(forms)) {
  for (const form of forms) statuses.push((await postCartForm(browser, form, { services })).status);
} else {
  const answers = await Promise.all(
    Array.from({ length: presses }, () => postCartForm(browser, forms, { services })),
  );
  statuses.push(...answers.map((answer) => answer.status));
}
process.stdout.write(`${JSON.stringify(statuses)}\n`);
if (process.env.CART_CHILD_STAY === "1") {
  // Answered and up, as a server is when it dies: nothing is closed or flushed on the way out.
  setInterval(() => {}, 60_000);
} else {
  await database.close();
}
