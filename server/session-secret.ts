import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The file in the data directory (LAGOON_DATA_DIR) that keeps the secret made for this shop. */
const SESSION_SECRET_FILE = "session-secret";

const SECRET_BYTES = 32;

export class StoredSecretError extends Error {
  override name = "StoredSecretError";
}

function readSecret(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new StoredSecretError(
      `Cannot read the session secret in ${file} (${(error as Error).message}): set SESSION_SECRET, or LAGOON_DATA_DIR to a directory of the shop's own.`,
    );
  }
  const secret = text.trim();
  if (Buffer.from(secret, "base64url").length < SECRET_BYTES) {
    throw new StoredSecretError(
      `${file} does not hold a usable session secret: remove it (everyone is signed out) or set SESSION_SECRET.`,
    );
  }
  return secret;
}

/**
 * The session secret of a shop started without SESSION_SECRET: random, made on the first start
 * and read on every later one, so sessions and staff links outlive a restart. Processes starting
 * together on one data directory agree: the file appears whole (a hard link of a finished file)
 * and only the first link wins.
 */
export function storedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  const kept = readSecret(file);
  if (kept) return kept;
  const draft = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(draft, `${randomBytes(SECRET_BYTES).toString("base64url")}\n`, { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      unlinkSync(draft);
    }
  } catch (error) {
    throw new StoredSecretError(
      `Cannot keep a session secret in ${file} (${(error as Error).message}): set SESSION_SECRET, or LAGOON_DATA_DIR to a writable directory.`,
    );
  }
  return readSecret(file) as string;
}
