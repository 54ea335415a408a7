import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

// Tokens at rest are sealed with AES-256-GCM under a key derived (HKDF-SHA-256) from
// SESSION_SECRET, so a copy of the database or of the shared cache holds no usable token
// (decision 006). The additional data ties a sealed value to its session: moved to another
// row, it no longer opens.

const FORMAT = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keys = new Map<string, Buffer>();

function keyFor(secret: string, purpose: string): Buffer {
  const cacheKey = `${purpose}\n${secret}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "lagoon", `lagoon ${purpose} ${FORMAT}`, 32));
    keys.set(cacheKey, key);
  }
  return key;
}

/** `v1.<iv>.<ciphertext>.<tag>`, base64url. */
export function seal(secret: string, purpose: string, value: unknown, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret, purpose), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return [FORMAT, iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The sealed value, or undefined when it was tampered with, moved, or sealed with another key. */
export function open<T>(
  secret: string,
  purpose: string,
  sealed: string,
  context: string,
): T | undefined {
  const [format, iv, body, tag] = sealed.split(".");
  if (format !== FORMAT || !iv || body === undefined || !tag) return undefined;
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      keyFor(secret, purpose),
      Buffer.from(iv, "base64url"),
      { authTagLength: TAG_BYTES },
    );
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const text = Buffer.concat([
      decipher.update(Buffer.from(body, "base64url")),
      decipher.final(),
    ]).toString("utf8");
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** A stable, one-way name for a secret (a session id, a refresh token) to key rows and caches by. */
export const digest = (value: string) => createHash("sha256").update(value).digest("base64url");

/** An unguessable id: 256 random bits. */
export const randomId = () => randomBytes(32).toString("base64url");
