import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { measureFirstLoad } from "./first-load.mjs";

/**
 * First-load client JavaScript per route: the entry (React, React DOM, React Router) plus the
 * module and imports of every route from the root down, gzip as the server sends it, and brotli
 * (quality 11, as the build precompresses assets; the issue's "over the wire" figure).
 * See docs/decisions/001-javascript-budget.md for the budgets and why.
 */
export const BUDGET = { totalKiB: 120, appKiB: 8, brotliKiB: 105 };

const client = path.resolve(process.env.LAGOON_BUILD_DIR ?? "build", "client");
const measured = measureFirstLoad(client);
if (!measured) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const kib = (bytes) => (bytes / 1024).toFixed(1);
const rows = measured.routes;

console.log(
  `First-load JavaScript per route. The entry (React, React DOM, React Router): ${kib(measured.framework)} KiB gzip, ${kib(measured.frameworkBrotli)} KiB brotli`,
);
console.log(
  `Budgets: ${BUDGET.totalKiB} KiB in all and ${BUDGET.appKiB} KiB of Lagoon's own code gzip, ${BUDGET.brotliKiB} KiB in all brotli.\n`,
);
const columns = ["total", "app", "br total", "br app"].map((name) => name.padStart(8)).join(" ");
console.log(`${"route".padEnd(34)} ${"path".padEnd(34)} ${columns}`);
for (const row of rows) {
  const sizes = [row.total, row.app, row.brotli, row.brotliApp].map((bytes) =>
    kib(bytes).padStart(8),
  );
  console.log(`${row.id.padEnd(34)} ${row.where.padEnd(34)} ${sizes.join(" ")}`);
}

// Slice components load per type, while a page that shows one hydrates (app/slices/slice-zone.tsx):
// not in the table above; a page's first load adds those of the types it shows.
const slices = path.join(client, "assets", "slices");
if (existsSync(slices)) {
  const sizes = readdirSync(slices)
    .filter((name) => name.endsWith(".js"))
    .map(
      (name) =>
        `${name.replace(/-[\w-]{8}\.js$/, "")} ${kib(measured.gzipOf(`/assets/slices/${name}`))}`,
    );
  console.log(`\nPlus, on a page showing them, slice components (gzip KiB): ${sizes.join(", ")}.`);
}

if (process.argv.includes("--check")) {
  const over = rows.filter(
    (row) =>
      row.total > BUDGET.totalKiB * 1024 ||
      row.app > BUDGET.appKiB * 1024 ||
      row.brotli > BUDGET.brotliKiB * 1024,
  );
  if (over.length > 0) {
    console.error(`\nOver budget: ${over.map((row) => row.id).join(", ")}`);
    process.exit(1);
  }
  console.log(`\nEvery route is within budget.`);
}
