import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "./db";
import { createLogger } from "./logger";

/**
 * `npm run db:migrate`: applies the migrations the server would apply at start, then exits. A
 * deploy runs it once, before the new build's instances start (docs/operations.md). Any number
 * may run at once, and beside servers that are starting: on PostgreSQL they all queue on one
 * advisory lock (server/db), so each migration is applied once. Without DATABASE_URL it migrates
 * the embedded database in LAGOON_DATA_DIR, which no server may have open at the time.
 */
async function main() {
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = path.join(path.resolve(process.env.LAGOON_DATA_DIR ?? ".data"), "pglite");
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const result = await database.db.execute<{ applied: number }>(
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    const applied = result.rows[0]?.applied ?? 0;
    const where = databaseUrl ? "PostgreSQL" : `the embedded database in ${dataDir}`;
    createLogger("info").info(
      { database: database.engine, applied },
      `${where} is migrated (${applied} migrations applied in all)`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`lagoon: migration failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
