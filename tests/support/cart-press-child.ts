// A second app process pressing + on one cart line: it opens the same PostgreSQL, builds its own
// services (its own cache), says "ready", and on "go" (stdin) posts its presses all at once. It
// prints the statuses it got as JSON.

import { createInterface } from "node:readline";
import { Browser, postCartForm } from "./cart-form";
import { cartActionServices } from "./cart-services";
import { openDatabase } from "./server-parts";

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const database = await openDatabase({ databaseUrl: env("CART_CHILD_DATABASE_URL"), dataDir: "-" });
const services = cartActionServices({ origin: env("CART_CHILD_ORIGIN"), database: () => database });
const browser = new Browser();
browser.cookies = new Map(JSON.parse(env("CART_CHILD_COOKIES")) as [string, string][]);
const press = JSON.parse(env("CART_CHILD_PRESS")) as Record<string, string>;
const presses = Number(env("CART_CHILD_PRESSES"));

process.stdout.write("ready\n");
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line.trim() === "go") break;
}
lines.close();
const answers = await Promise.all(
  Array.from({ length: presses }, () => postCartForm(browser, press, { services })),
);
process.stdout.write(`${JSON.stringify(answers.map((answer) => answer.status))}\n`);
await database.close();
