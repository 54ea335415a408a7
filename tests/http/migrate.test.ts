import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATION_LOCK_ID } from "../../server/db";
import {
  postgresAvailable,
  requireServiceInCi,
  throwawayPostgresDatabase,
} from "../support/services";

// `npm run db:migrate` (the bundle build/db-migrate.js): a deploy's migration step. Two started
// at once on one new PostgreSQL database, while a third process (a server starting) holds the
// migration lock, as in a deploy that went wrong twice: both wait for it, then both succeed, and
// each migration is applied once (they queue on the advisory lock in server/db).

const root = fileURLToPath(new URL("../..", import.meta.url));
const journal = JSON.parse(
  readFileSync(new URL("../../server/db/migrations/meta/_journal.json", import.meta.url), "utf8"),
) as { entries: { tag: string }[] };

const postgres = await postgresAvailable();

/** Runs `npm run db:migrate`'s command against `databaseUrl`: its exit code and what it wrote. */
function migrate(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["build/db-migrate.js"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe.runIf(requireServiceInCi(postgres))("npm run db:migrate on PostgreSQL", () => {
  const database = throwawayPostgresDatabase("lagoon_migrate");

  beforeAll(async () => {
    await database.create();
  });
  afterAll(async () => {
    await database.drop();
  });

  it("two at once wait for the migration lock, then both succeed, applying each migration once", async () => {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    let runs: ReturnType<typeof migrate>[] = [];
    try {
      await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      runs = [migrate(database.url), migrate(database.url)];
      // Both are connected and waiting on the lock; neither has touched the schema.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const waiting = await holder.query<{ count: number }>(
          `select count(*)::int as count from pg_locks
           where locktype = 'advisory' and not granted
             and database = (select oid from pg_database where datname = current_database())`,
        );
        if (waiting.rows[0]?.count === 2) break;
        if (Date.now() > deadline) throw new Error("the two migrations never waited on the lock");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const schema = await holder.query("select 1 from pg_namespace where nspname = 'drizzle'");
      expect(schema.rows).toHaveLength(0);
    } finally {
      await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
      await holder.end();
    }

    const [first, second] = await Promise.all(runs);
    expect(first?.code, first?.output).toBe(0);
    expect(second?.code, second?.output).toBe(0);
    const done = `PostgreSQL is migrated (${journal.entries.length} migrations applied in all)`;
    expect(first?.output).toContain(done);
    expect(second?.output).toContain(done);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const applied = await client.query<{ hash: string }>(
        "select hash from drizzle.__drizzle_migrations",
      );
      expect(applied.rows).toHaveLength(journal.entries.length);
      expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(journal.entries.length);
      // The last migration's table is there: the schema is the current one.
      const tables = await client.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = 'public'",
      );
      expect(tables.rows.map((row) => row.name)).toEqual(
        expect.arrayContaining(["purchase_orders", "enquiries", "expiring_state"]),
      );
    } finally {
      await client.end();
    }
  }, 60_000);
});
