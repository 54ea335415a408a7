import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * First-load client JavaScript per route: the entry (React, React DOM, React Router) plus the
 * module and imports of every route from the root down, gzip as the server sends it, and brotli
 * (quality 11, as a CDN or precompressed assets send it; the issue's "over the wire" figure).
 * See docs/decisions/001-javascript-budget.md for the budgets and why.
 */
export const BUDGET = { totalKiB: 125, appKiB: 17, brotliKiB: 110 };

const client = path.resolve(process.env.LAGOON_BUILD_DIR ?? "build", "client");
const manifestFile = readdirSync(path.join(client, "assets")).find((name) =>
  /^manifest-.*\.js$/.test(name),
);
if (!manifestFile) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const source = readFileSync(path.join(client, "assets", manifestFile), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));

const gzipSizes = new Map();
function gzipBytes(file) {
  if (!gzipSizes.has(file)) {
    gzipSizes.set(file, gzipSync(readFileSync(path.join(client, file))).length);
  }
  return gzipSizes.get(file);
}
const brotliSizes = new Map();
function brotliBytes(file) {
  if (!brotliSizes.has(file)) {
    const source = readFileSync(path.join(client, file));
    const params = { [constants.BROTLI_PARAM_QUALITY]: 11 };
    brotliSizes.set(file, brotliCompressSync(source, { params }).length);
  }
  return brotliSizes.get(file);
}
const sum = (files, bytes = gzipBytes) =>
  [...files].reduce((total, file) => total + bytes(file), 0);
const kib = (bytes) => (bytes / 1024).toFixed(1);

const framework = new Set([manifest.entry.module, ...manifest.entry.imports]);
const routes = Object.values(manifest.routes);

const rows = routes
  .filter((route) => route.id !== "root")
  .map((route) => {
    const files = new Set(framework);
    for (let current = route; current; current = manifest.routes[current.parentId]) {
      files.add(current.module);
      for (const file of current.imports ?? []) files.add(file);
    }
    const total = sum(files);
    const app = total - sum(framework);
    const brotli = sum(files, brotliBytes);
    const brotliApp = brotli - sum(framework, brotliBytes);
    const where = route.index ? "/ (index)" : `/${route.path ?? ""}`;
    return { id: route.id, where, total, app, brotli, brotliApp };
  })
  .sort((a, b) => b.total - a.total);

console.log(
  `First-load JavaScript per route. Framework (React, React DOM, React Router): ${kib(sum(framework))} KiB gzip, ${kib(sum(framework, brotliBytes))} KiB brotli`,
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
      (name) => `${name.replace(/-[\w-]{8}\.js$/, "")} ${kib(gzipBytes(`/assets/slices/${name}`))}`,
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
