import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Request, RequestHandler, Response } from "express";
import { contentType } from "mime-types";
import { preferredEncoding } from "./encoding";

/**
 * The build's client files, read once at start and served from memory: hashed assets under
 * `/assets/` (a year, immutable) and the few public files (an hour). Any other URL goes straight
 * on to the app — no `stat` per page view. Assets are sent as the build compressed them
 * (`.br`, brotli 11; `.gz`, gzip 9 — see scripts/precompress.mjs): nothing is compressed while
 * serving.
 */

export interface ClientFile {
  type: string;
  etag: string;
  cacheControl: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const ASSET_CACHE = "public, max-age=31536000, immutable";
const PUBLIC_FILE_CACHE = "public, max-age=3600";
const PRECOMPRESSED = /\.(br|gz)$/;

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export function loadClientFiles(clientDir: string): Map<string, ClientFile> {
  const files = new Map<string, ClientFile>();
  for (const file of listFiles(clientDir)) {
    if (PRECOMPRESSED.test(file)) continue;
    const urlPath = `/${path.relative(clientDir, file).split(path.sep).join("/")}`;
    const identity = readFileSync(file);
    const beside = (suffix: string) =>
      existsSync(file + suffix) ? readFileSync(file + suffix) : undefined;
    files.set(urlPath, {
      type: contentType(path.extname(file)) || "application/octet-stream",
      etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
      cacheControl: urlPath.startsWith("/assets/") ? ASSET_CACHE : PUBLIC_FILE_CACHE,
      identity,
      br: beside(".br"),
      gzip: beside(".gz"),
    });
  }
  return files;
}

function sendFile(req: Request, res: Response, file: ClientFile): void {
  // Brotli whenever the browser takes it as readily as gzip: browsers list gzip first
  // ("gzip, deflate, br, zstd"), and Express's negotiation would pick it by that order.
  const encoding =
    file.br || file.gzip ? preferredEncoding(req.headers["accept-encoding"]) : "identity";
  const body =
    encoding === "br" && file.br
      ? file.br
      : encoding === "gzip" && file.gzip
        ? file.gzip
        : file.identity;
  res.setHeader("Content-Type", file.type);
  res.setHeader("Cache-Control", file.cacheControl);
  res.setHeader("ETag", file.etag);
  if (file.br || file.gzip) res.setHeader("Vary", "Accept-Encoding");
  if (body !== file.identity) res.setHeader("Content-Encoding", encoding as string);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Answers GET and HEAD of the build's files; anything else (every page) passes untouched. */
export function serveClientFiles(files: Map<string, ClientFile>): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = files.get(req.path);
    if (!file) {
      // A hashed name that is not in this build (an old deploy's): 404 here, not a page render.
      if (req.path.startsWith("/assets/")) {
        res.status(404).setHeader("Cache-Control", "no-store").end();
        return;
      }
      return next();
    }
    sendFile(req, res, file);
  };
}
