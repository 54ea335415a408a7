import path from "node:path";
import { measureFirstLoad } from "./first-load.mjs";

/**
 * First-load client JavaScript per route: the entry (React, React DOM, React Router) plus the
 * module and imports of every route from the root down, gzip as the server sends it.
 * See docs/decisions/001-javascript-budget.md for the two budgets and why.
 */
export const BUDGET = { totalKiB: 130, appKiB: 25 };

const measured = measureFirstLoad(path.resolve(process.env.LAGOON_BUILD_DIR ?? "build", "client"));
if (!measured) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const kib = (bytes) => (bytes / 1024).toFixed(1);
const rows = measured.routes;

console.log(
  `First-load JavaScript per route (gzip). Framework (React, React DOM, React Router): ${kib(measured.framework)} KiB`,
);
console.log(`Budgets: ${BUDGET.totalKiB} KiB in all, ${BUDGET.appKiB} KiB of Lagoon's own code.\n`);
console.log(
  `${"route".padEnd(34)} ${"path".padEnd(34)} ${"total".padStart(8)} ${"app".padStart(8)}`,
);
for (const row of rows) {
  console.log(
    `${row.id.padEnd(34)} ${row.where.padEnd(34)} ${kib(row.total).padStart(8)} ${kib(row.app).padStart(8)}`,
  );
}

if (process.argv.includes("--check")) {
  const over = rows.filter(
    (row) => row.total > BUDGET.totalKiB * 1024 || row.app > BUDGET.appKiB * 1024,
  );
  if (over.length > 0) {
    console.error(`\nOver budget: ${over.map((row) => row.id).join(", ")}`);
    process.exit(1);
  }
  console.log(`\nEvery route is within budget.`);
}
