import { writeFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/** Small helpers nearly every page uses (its title, its breadcrumbs): cheaper in the shell. */
const SHELL_EXTRAS = /\/app\/(lib\/head|components\/ui\/breadcrumbs)\.tsx?$/;
/** What every catalogue listing shows: product cards with their prices, images and add-to-cart. */
const CATALOGUE =
  /\/app\/(components\/product\/(product-card|product-image|price)|components\/cart\/add-to-cart|lib\/commerce\/paths)\.tsx?$/;
/** Prices: the formatter and the rules for ranges and discounts, one file wherever prices show. */
const MONEY = /\/app\/(components\/product|lib\/commerce)\/money\.ts$/;
const CONTENT_PAGE =
  /\/app\/(slices\/(parts|slice-zone)|components\/content\/(page-parts|preview-banner)|lib\/content\/content-page)\.tsx?$/;

/**
 * Everything the root route imports (the shell: header, footer, cart drawer, their helpers) goes
 * into one `shell` chunk instead of the half-dozen small shared chunks the bundler would make:
 * every page loads all of it anyway, and one file compresses better than several
 * (docs/decisions/001-javascript-budget.md). Likewise the parts every content page uses share one
 * `content-page` chunk, and the catalogue's cards one `catalogue` chunk. The shell's own parts
 * load when the browser is first idle (app/components/shell/shell-islands.tsx). Framework code
 * (node_modules) keeps its own chunks.
 */
function firstLoadChunks(): Plugin {
  const rootEntry = `${process.cwd()}/app/root.tsx?__react-router-build-client-route`;
  let shell: Set<string> | undefined;
  return {
    name: "lagoon:first-load-chunks",
    applyToEnvironment: (environment) => environment.name === "client",
    // Which chunks hold only framework code (node_modules), for `npm run size`: React Router 8
    // puts part of itself in a chunk that routes import, not the entry. Written beside the
    // client's files, not among them, so it is never served.
    writeBundle(options, bundle) {
      const framework = Object.values(bundle)
        .filter(
          (chunk) =>
            chunk.type === "chunk" &&
            chunk.moduleIds.length > 0 &&
            chunk.moduleIds.every((id) => id.includes("/node_modules/") || id.startsWith("\0")),
        )
        .map((chunk) => `/${chunk.fileName}`);
      if (options.dir) {
        writeFileSync(
          path.join(options.dir, "..", "framework-chunks.json"),
          `${JSON.stringify(framework)}\n`,
        );
      }
    },
    // Route chunks may then export what other chunks import from them.
    options: (options) => ({ ...options, preserveEntrySignatures: "allow-extension" }),
    outputOptions(output) {
      shell = undefined;
      return {
        ...output,
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name(id, context) {
                if (!shell) {
                  // The root's static imports, transitively; dynamic imports stay on demand.
                  const found = new Set<string>();
                  const queue = [rootEntry];
                  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
                    if (found.has(next) || next.includes("/node_modules/")) continue;
                    found.add(next);
                    queue.push(...(context.getModuleInfo(next)?.importedIds ?? []));
                  }
                  shell = found;
                }
                if (shell.has(id) && id !== rootEntry && !id.endsWith(".css")) return "shell";
                if (SHELL_EXTRAS.test(id)) return "shell";
                // What every content page uses (its header, slice zone, preview banner, head
                // tags): one file.
                if (CONTENT_PAGE.test(id)) return "content-page";
                if (CATALOGUE.test(id)) return "catalogue";
                if (MONEY.test(id)) return "money";
                // Slice components load per type (app/slices/slice-zone.tsx), each from
                // assets/slices/, where `npm run size` finds them.
                const slice = /\/app\/slices\/([\w-]+)\/index\.tsx$/.exec(id);
                return slice ? `slices/${slice[1]}` : null;
              },
            },
          ],
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), firstLoadChunks()],
  build: {
    // A chunk loaded on demand brings its own imports; the bundler's helper no longer adds a
    // <link rel="modulepreload"> for each of them first. Inserting those links cost a deferred
    // part's hydration more main-thread time than it saved (decision 001). The helper stays, so a
    // chunk that fails to load still raises `vite:preloadError` for the reload guard.
    modulePreload: { resolveDependencies: () => [] },
  },
});
