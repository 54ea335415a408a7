import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The server reaches the app only through its build (server/app-build.ts): importing an app
// source at run time would load a second copy of its modules, with classes of their own.
// Types are erased, so `import type` stays allowed. (The other direction is a Biome rule.)

const serverDir = path.dirname(fileURLToPath(import.meta.url));

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Import and export-from statements whose specifier leads into app/, other than type-only ones. */
function runtimeAppImports(source: string, file: string): string[] {
  const statements = source.match(/^(?:import|export)\b[^;]*?from\s+"[^"]+";/gms) ?? [];
  return statements.filter((statement) => {
    if (/^(?:import|export)\s+type\b/.test(statement)) return false;
    const specifier = statement.match(/from\s+"([^"]+)"/)?.[1] ?? "";
    if (!specifier.startsWith(".")) return false;
    const target = path.resolve(path.dirname(file), specifier);
    return target.startsWith(path.resolve(serverDir, "../app") + path.sep);
  });
}

describe("the server's boundary", () => {
  it("imports nothing from app/ at run time", () => {
    const offenders = sourcesUnder(serverDir).flatMap((file) =>
      runtimeAppImports(readFileSync(file, "utf8"), file).map(
        (statement) => `${path.relative(serverDir, file)}: ${statement}`,
      ),
    );
    expect(offenders).toEqual([]);
  });

  it("recognises a runtime import of an app module, and lets a type import pass", () => {
    const file = path.join(serverDir, "main.ts");
    expect(
      runtimeAppImports(
        'import { createCatalog } from "../app/lib/commerce/catalog.server";',
        file,
      ),
    ).toHaveLength(1);
    expect(
      runtimeAppImports('import type { AppEntry } from "../app/lib/context.server";', file),
    ).toEqual([]);
    expect(runtimeAppImports('import { createCache } from "./cache";', file)).toEqual([]);
  });
});
