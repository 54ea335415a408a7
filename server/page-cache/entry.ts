/**
 * A stored page: the answer's status and headers, and its body compressed twice (brotli and
 * gzip), so a hit sends bytes as they are. Kept as one binary value — a JSON head, then the two
 * bodies — so Redis returns it in one read with no base64 or JSON parse of the body.
 */
export interface StoredPage {
  status: number;
  /** Headers as the first visitor got them, less those of one connection or one encoding. */
  headers: [string, string][];
  storedAt: number;
  freshUntil: number;
  staleUntil: number;
  br: Buffer;
  gzip: Buffer;
}

/** Epoch milliseconds, so every process sharing Redis reads them alike. */
interface Head {
  status: number;
  headers: [string, string][];
  storedAt: number;
  freshUntil: number;
  staleUntil: number;
  brBytes: number;
  gzipBytes: number;
}

export function encodeStoredPage(page: StoredPage): Buffer {
  const head: Head = {
    status: page.status,
    headers: page.headers,
    storedAt: page.storedAt,
    freshUntil: page.freshUntil,
    staleUntil: page.staleUntil,
    brBytes: page.br.length,
    gzipBytes: page.gzip.length,
  };
  const headBytes = Buffer.from(JSON.stringify(head));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headBytes.length);
  return Buffer.concat([length, headBytes, page.br, page.gzip]);
}

/** The stored page, or undefined for bytes that are not one (a miss, never a crash). */
export function decodeStoredPage(bytes: Buffer): StoredPage | undefined {
  try {
    const headLength = bytes.readUInt32BE(0);
    const head = JSON.parse(bytes.subarray(4, 4 + headLength).toString()) as Head;
    const brStart = 4 + headLength;
    const gzipStart = brStart + head.brBytes;
    if (gzipStart + head.gzipBytes !== bytes.length) return undefined;
    return {
      status: head.status,
      headers: head.headers,
      storedAt: head.storedAt,
      freshUntil: head.freshUntil,
      staleUntil: head.staleUntil,
      br: bytes.subarray(brStart, gzipStart),
      gzip: bytes.subarray(gzipStart),
    };
  } catch {
    return undefined;
  }
}

/** Headers never stored: they belong to one connection, one encoding or one visitor. */
const UNSTORED_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "date",
  "age",
  "set-cookie",
  "x-lagoon-cache",
  // Each answer's own (request-scope.ts).
  "x-request-id",
  "server-timing",
]);

export function storableHeaders(headers: Iterable<[string, string]>): [string, string][] {
  return [...headers].filter(([name]) => !UNSTORED_HEADERS.has(name.toLowerCase()));
}

/**
 * How long a shared cache may keep an answer, from its Cache-Control: only an answer marked
 * `public` with `s-maxage`, and never one that is `private`, `no-store` or `no-cache`.
 */
export function sharedLifetime(
  cacheControl: string | null | undefined,
): { freshSeconds: number; staleSeconds: number } | undefined {
  if (!cacheControl) return undefined;
  const directives = new Map<string, string | true>();
  for (const part of cacheControl.toLowerCase().split(",")) {
    const [name, value] = part.trim().split("=");
    if (name) directives.set(name.trim(), value?.trim().replace(/^"|"$/g, "") ?? true);
  }
  if (!directives.has("public")) return undefined;
  if (["private", "no-store", "no-cache"].some((name) => directives.has(name))) return undefined;
  const seconds = (name: string) => {
    const value = directives.get(name);
    const number = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN;
    return Number.isFinite(number) ? number : undefined;
  };
  const freshSeconds = seconds("s-maxage");
  if (!freshSeconds) return undefined;
  return { freshSeconds, staleSeconds: seconds("stale-while-revalidate") ?? 0 };
}
