import { channel } from "node:diagnostics_channel";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type {
  DatabaseHandle as AppDatabaseHandle,
  DatabaseQueryResultHKT,
} from "../../app/lib/database";
import { STATE_CHANGE_CHANNEL } from "../reach";
import * as schema from "./schema";

export { schema };

/** Tables of bookkeeping (locks, rate-limit counters): writing them changes nothing a shopper keeps. */
const BOOKKEEPING_TABLES = new Set(["cart_locks", "expiring_state"]);
const stateChanges = channel(STATE_CHANGE_CHANNEL);

/**
 * Tells server/reach.ts (test controls) of each statement that writes what the shop keeps. It
 * counts statements, not rows: an update that matched nothing counts too.
 */
const reachLogger = {
  logQuery(query: string): void {
    if (!stateChanges.hasSubscribers) return;
    const table = query.match(/^\s*(?:insert\s+into|update|delete\s+from)\s+"(\w+)"/i)?.[1];
    if (table && !BOOKKEEPING_TABLES.has(table)) stateChanges.publish({ table });
  },
};

/** The app's database, whichever engine is behind it: code above this module never asks which. */
export type Database = PgDatabase<DatabaseQueryResultHKT, typeof schema>;
export type DatabaseHandle = AppDatabaseHandle<typeof schema>;

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite engine is used. */
  databaseUrl?: string;
  /** PGlite's data directory (created if missing), or `memory://` for a throwaway database. */
  dataDir: string;
  /** How long to wait for PostgreSQL to accept a connection before giving up. */
  connectTimeoutMs?: number;
  /** pino's `logger.warn(details, message)` fits; console.warn by default. */
  logger?: { warn(details: { err?: unknown }, message: string): void };
}

export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

// Resolved from this file, not the cwd, so `npm start` from any directory finds them.
const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

// Several app processes may start at once against one PostgreSQL; drizzle's migrator takes no
// lock of its own, so they queue on this session-level advisory lock instead of racing (as does
// `npm run db:migrate`, server/migrate.ts).
export const MIGRATION_LOCK_ID = 4_172_530_017;

// PGlite's data directory is opened by one process, which therefore writes that database alone;
// several app processes may share one PostgreSQL.
const writtenAlone = new WeakSet<Database>();

/** Whether no other process can write `db`: true for PGlite, false for PostgreSQL. */
export function writesAlone(db: Database): boolean {
  return writtenAlone.has(db);
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : openPglite(options.dataDir);
}

async function openPostgres(
  databaseUrl: string,
  options: OpenDatabaseOptions,
): Promise<DatabaseHandle> {
  const logger = options.logger ?? {
    warn: (details: { err?: unknown }, message: string) =>
      console.warn(`${message}: ${errorMessage(details.err)}`),
  };
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
  });
  // An idle client that loses its server emits here; unhandled, it would crash the process.
  pool.on("error", (error) => {
    logger.warn({ err: error }, "PostgreSQL connection lost; the pool will reconnect");
  });

  let lockClient: pg.PoolClient;
  try {
    lockClient = await pool.connect();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseUnavailableError(
      `PostgreSQL at ${redactPassword(databaseUrl)} is unreachable: ${errorMessage(error)}`,
      { cause: error },
    );
  }

  const db = drizzlePostgres({ client: pool, schema, logger: reachLogger });
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    try {
      await migratePostgres(db, { migrationsFolder });
    } finally {
      await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
    }
  } catch (error) {
    lockClient.release();
    await pool.end().catch(() => {});
    throw error;
  }
  lockClient.release();

  return {
    db,
    engine: "postgres",
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith("memory://");
  const location = inMemory ? dataDir : path.resolve(dataDir);
  if (!inMemory) await mkdir(location, { recursive: true });

  let client: PGlite;
  try {
    client = await PGlite.create(location);
  } catch (error) {
    throw new DatabaseUnavailableError(
      `Could not open the embedded database in ${location}: ${errorMessage(error)}`,
      { cause: error },
    );
  }

  const db = drizzlePglite({ client, schema, logger: reachLogger });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }

  writtenAlone.add(db);
  return {
    db,
    engine: "pglite",
    close: () => client.close(),
  };
}

function redactPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(unparseable DATABASE_URL)";
  }
}

function errorMessage(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return error.errors.map(errorMessage).join("; ");
  }
  return error instanceof Error ? error.message || error.name : String(error);
}
