import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";

/**
 * Test suites that need a real PostgreSQL or Redis ask here whether it answers. On a developer's
 * machine a missing service skips its suite with a warning; in CI (`CI=true`) it fails instead, so
 * a green CI run always means the suites ran.
 */

export const POSTGRES_TEST_URL =
  process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

const PROBE_TIMEOUT_MS = 1_500;

export interface ServiceProbe {
  name: string;
  url: string;
  available: boolean;
  /** Why the service did not answer; undefined when it did. */
  reason?: string;
}

export async function postgresAvailable(url = POSTGRES_TEST_URL): Promise<ServiceProbe> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
  });
  // A failed connect also emits "error"; without a listener it would be an uncaught exception.
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return { name: "PostgreSQL", url, available: true };
  } catch (error) {
    return { name: "PostgreSQL", url, available: false, reason: errorMessage(error) };
  } finally {
    await client.end().catch(() => {});
  }
}

export async function redisAvailable(url = REDIS_TEST_URL): Promise<ServiceProbe> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: PROBE_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The rejection only says "Connection is closed."; the socket's error says why.
  let socketError: unknown;
  redis.on("error", (error) => {
    socketError ??= error;
  });
  try {
    await redis.connect();
    await redis.ping();
    return { name: "Redis", url, available: true };
  } catch (error) {
    return { name: "Redis", url, available: false, reason: errorMessage(socketError ?? error) };
  } finally {
    redis.disconnect();
  }
}

/**
 * Whether to run a suite that needs the probed service: true when it answered; false with a
 * warning when it did not; and in CI an error, because a skipped suite there would hide a gap.
 */
export function requireServiceInCi(probe: ServiceProbe, env = process.env): boolean {
  if (probe.available) return true;
  const why = `${probe.name} at ${probe.url} did not answer (${probe.reason ?? "no reason given"})`;
  if (env.CI === "true") {
    throw new Error(`${why}; CI=true, so its test suite must run rather than be skipped.`);
  }
  console.warn(`Skipping the ${probe.name} test suite: ${why}.`);
  return false;
}

/**
 * A database of its own on the test PostgreSQL, for one suite: `create` it before opening it at
 * `url`, `drop` it once every handle on it is closed.
 */
export function throwawayPostgresDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const url = new URL(POSTGRES_TEST_URL);
  url.pathname = `/${name}`;
  async function onAdminDatabase(statement: string) {
    const admin = new pg.Client({ connectionString: POSTGRES_TEST_URL });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  }
  return {
    url: url.toString(),
    create: () => onAdminDatabase(`create database "${name}"`),
    // Without FORCE, PostgreSQL waits for closing sessions to go, and fails if one was leaked.
    drop: () => onAdminDatabase(`drop database if exists "${name}"`),
  };
}

function errorMessage(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return error.errors.map(errorMessage).join("; ");
  }
  return error instanceof Error ? error.message || error.name : String(error);
}
