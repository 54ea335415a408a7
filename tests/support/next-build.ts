import { createHash } from "node:crypto";
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Copies the production build in `from` to `to` under a new React Router manifest version: what
 * a deploy that changed the client changes for the pages open on the old build (they poll
 * `/build-version`, product §4, §7). The server bundle is copied with it, so `to` is started as
 * `node <to>/server-main.js` with `LAGOON_BUILD_DIR=<to>`; `to` must sit beside `from` (the
 * bundle finds the checkout's files relative to itself, scripts/build-server.mjs). Answers both
 * versions.
 */
export function copyBuildWithNewVersion(from: string, to: string): { a: string; b: string } {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  const assets = path.join(to, "client/assets");
  const manifest = readdirSync(assets).find((name) => /^manifest-\w+\.js$/.test(name));
  const a = manifest?.slice("manifest-".length, -".js".length);
  if (!manifest || !a) throw new Error(`no React Router manifest in ${assets}`);
  const b = createHash("sha256").update(`${a}-next`).digest("hex").slice(0, 8);
  const rewrite = (file: string) =>
    readFileSync(file, "utf8")
      .replaceAll(`manifest-${a}.js`, `manifest-${b}.js`)
      .replace(/("version": ?)"(\w+)"/g, (whole, key, value) =>
        value === a ? `${key}"${b}"` : whole,
      );
  writeFileSync(path.join(assets, `manifest-${b}.js`), rewrite(path.join(assets, manifest)));
  rmSync(path.join(assets, manifest));
  for (const compressed of [".br", ".gz"])
    rmSync(path.join(assets, `${manifest}${compressed}`), { force: true });
  const entry = path.join(to, "server/index.js");
  writeFileSync(entry, rewrite(entry));
  return { a, b };
}
