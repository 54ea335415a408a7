import path from "node:path";
import { build } from "vite";

/**
 * After `react-router build`: the server (server/main.ts and what it imports from this
 * repository) bundled into one JavaScript file, `<build>/server-main.js`, which `npm run serve`
 * runs with plain Node: no TypeScript transpiler in a production process. Likewise
 * server/migrate.ts into `<build>/db-migrate.js` for `npm run db:migrate`, and the storefront
 * emulator's thread (server/storefront-worker.ts) into `<build>/storefront-worker.js`. Packages from
 * node_modules stay imports, resolved at run time as before.
 *
 * Files the server reads beside its sources (migrations, the emulators' schemas and demo data)
 * are named as `new URL("<relative path>", import.meta.url)`. Bundled, import.meta.url is the
 * bundle's own address, so each such path is rewritten to lead from the bundle to the same file:
 * the files stay where they are in the checkout, which the build ships whole.
 */
const root = process.cwd();
const outDir = path.resolve(root, process.env.LAGOON_BUILD_DIR ?? "build");
const SIBLING_FILE = /new URL\(\s*(["'])(\.{1,2}\/[^"']*)\1\s*,\s*import\.meta\.url\s*\)/g;

/** @returns {import("vite").Plugin} */
function keepSiblingFiles() {
  return {
    name: "lagoon:keep-sibling-files",
    transform(code, id) {
      if (id.includes("/node_modules/") || !code.includes("import.meta.url")) return null;
      const rewritten = code.replace(SIBLING_FILE, (_whole, _quote, relative) => {
        const target = path.resolve(path.dirname(id), relative);
        let fromBundle = path.relative(outDir, target) || ".";
        if (relative.endsWith("/")) fromBundle += "/";
        if (!fromBundle.startsWith(".")) fromBundle = `./${fromBundle}`;
        return `new URL(${JSON.stringify(fromBundle)}, import.meta.url)`;
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

/** Bundles `entry` (a path in this repository) into `<build>/<output>`. */
async function bundle(entry, output) {
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    publicDir: false,
    plugins: [keepSiblingFiles()],
    build: {
      ssr: path.join(root, entry),
      outDir,
      emptyOutDir: false,
      target: "node22",
      // Not minified: stack traces in the logs read as the sources do.
      minify: false,
      rollupOptions: {
        output: {
          format: "es",
          entryFileNames: output,
          // One file, so every rewritten path above leads from where it ends up.
          codeSplitting: false,
        },
      },
    },
  });
  console.log(`server bundled: ${path.relative(root, path.join(outDir, output))}`);
}

await bundle("server/main.ts", "server-main.js");
// The storefront emulator's thread, which server-main.js starts from beside itself.
await bundle("server/storefront-worker.ts", "storefront-worker.js");
await bundle("server/migrate.ts", "db-migrate.js");
