import { promisify } from "node:util";
import { type BrotliOptions, brotliCompress, gzip, constants as zlib } from "node:zlib";

/** zlib's brotli and gzip on libuv's thread pool, as promises. */
export const compressBrotli = promisify(brotliCompress);
export const compressGzip = promisify(gzip);

/** Brotli at `quality`, its tables sized to the `bytes` it is given (a size hint). */
export function brotliAt(quality: number, bytes: number): BrotliOptions {
  return { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes } };
}

/**
 * The encoding to send a compressed answer in: brotli, else gzip, as the Accept-Encoding allows them
 * (q=0 refuses; `*` stands for any not named); identity otherwise.
 */
export function preferredEncoding(header: string | undefined): "br" | "gzip" | "identity" {
  if (!header) return "identity";
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name) weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const br = weight("br");
  const gzip = weight("gzip");
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return "identity";
}
