import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * First-load client JavaScript per route of a client build: the entry (React, React DOM, React
 * Router) plus the module and imports of every route from the root down, compressed as the server
 * sends it (gzip; brotli 11, as scripts/precompress.mjs writes it). Used by `npm run size` and
 * `npm run bench`. Returns undefined when there is no build.
 */
export function measureFirstLoad(client) {
  const assets = path.join(client, "assets");
  let manifestFile;
  try {
    manifestFile = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  } catch {
    return undefined;
  }
  if (!manifestFile) return undefined;
  const source = readFileSync(path.join(assets, manifestFile), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));

  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const bytes = readFileSync(path.join(client, file));
      sizes.set(file, {
        gzip: gzipSync(bytes).length,
        brotli: brotliCompressSync(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }).length,
      });
    }
    return sizes.get(file);
  };
  const sum = (files, encoding) =>
    [...files].reduce((total, file) => total + sizeOf(file)[encoding], 0);

  // With route discovery "initial" (react-router.config.ts) every page imports the whole manifest.
  const entry = new Set([manifest.url, manifest.entry.module, ...manifest.entry.imports]);
  // Framework code is the entry's, and that of every chunk of framework code only which a route
  // loads (React Router 8 keeps part of itself in a chunk the routes import), as the build lists
  // them (vite.config.ts).
  const listed = path.join(client, "..", "framework-chunks.json");
  const frameworkOnly = new Set(existsSync(listed) ? JSON.parse(readFileSync(listed, "utf8")) : []);
  const routes = Object.values(manifest.routes)
    .filter((route) => route.id !== "root")
    .map((route) => {
      const files = new Set(entry);
      for (let current = route; current; current = manifest.routes[current.parentId]) {
        files.add(current.module);
        for (const file of current.imports ?? []) files.add(file);
      }
      const own = [...files].filter((file) => !entry.has(file) && !frameworkOnly.has(file));
      return {
        id: route.id,
        where: route.index ? "/ (index)" : `/${route.path ?? ""}`,
        total: sum(files, "gzip"),
        app: sum(own, "gzip"),
        brotli: sum(files, "brotli"),
        brotliApp: sum(own, "brotli"),
      };
    })
    .sort((a, b) => b.total - a.total);
  return {
    framework: sum(entry, "gzip"),
    frameworkBrotli: sum(entry, "brotli"),
    routes,
    /** Gzip bytes of a built file, e.g. `/assets/slices/gallery-Ab12.js`. */
    gzipOf: (file) => sizeOf(file).gzip,
  };
}
