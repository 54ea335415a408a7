import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * After `react-router build`: writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside
 * each compressible file of the client build, so the server sends them as they are
 * (server/static-files.ts) and never compresses an asset while serving. A variant that would not
 * be smaller is not written.
 */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|map|webmanifest)$/;
const client = path.resolve(process.env.LAGOON_BUILD_DIR ?? "build", "client");

let files = 0;
let before = 0;
let afterBrotli = 0;
for (const entry of readdirSync(client, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (!entry.isFile() || !COMPRESSIBLE.test(file)) continue;
  const identity = readFileSync(file);
  const br = brotliCompressSync(identity, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  });
  const gz = gzipSync(identity, { level: constants.Z_BEST_COMPRESSION });
  if (br.length < identity.length) writeFileSync(`${file}.br`, br);
  if (gz.length < identity.length) writeFileSync(`${file}.gz`, gz);
  files += 1;
  before += identity.length;
  afterBrotli += Math.min(br.length, identity.length);
}
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KiB, ${(afterBrotli / 1024).toFixed(0)} KiB as brotli 11`,
);
