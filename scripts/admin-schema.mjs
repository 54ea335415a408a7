// Refreshes schemas/admin_2026-04.json.gz: Shopify's Admin API introspection schema, as it ships in
// the npm package @shopify/dev-mcp (pinned here, so the file is reproducible). Run by hand:
//   node scripts/admin-schema.mjs
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const PACKAGE = "@shopify/dev-mcp@1.16.0";
const VERSION = "2026-04";

const dir = mkdtempSync(path.join(tmpdir(), "dev-mcp-"));
try {
  const tarball = execFileSync("npm", ["pack", PACKAGE, "--silent"], { cwd: dir, encoding: "utf8" })
    .trim()
    .split("\n")
    .pop();
  execFileSync("tar", ["xzf", tarball, "package/dist/data"], { cwd: dir });
  const file = `admin_${VERSION}.json.gz`;
  copyFileSync(path.join(dir, "package/dist/data", file), path.join("schemas", file));
  console.log(`schemas/${file} from ${PACKAGE}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
