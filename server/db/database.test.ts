import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  postgresAvailable,
  requireServiceInCi,
  throwawayPostgresDatabase,
} from "../../tests/support/services";
import { type DatabaseHandle, DatabaseUnavailableError, openDatabase, schema } from "./index";

// Every migration in the journal is applied exactly once.
const MIGRATION_COUNT: number = JSON.parse(
  readFileSync(new URL("./migrations/meta/_journal.json", import.meta.url), "utf8"),
).entries.length;

describe("PGlite data directory", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), "lagoon-pglite-")), "nested", "data");
  });
  afterAll(async () => {
    await rm(path.dirname(path.dirname(dataDir)), { recursive: true, force: true });
  });

  it("creates the directory, keeps data across close and reopen, and re-applies migrations", async () => {
    const first = await openDatabase({ dataDir });
    const [stored] = await first.db
      .insert(schema.emulatorCarts)
      .values({ token: "kept", cart: { note: "Still here after a restart" }, version: 1 })
      .returning();
    await first.close();

    const reopened = await openDatabase({ dataDir });
    try {
      expect(await reopened.db.select().from(schema.emulatorCarts)).toEqual([stored]);
      const migrations = await reopened.db.execute(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(migrations.rows).toEqual([{ count: MIGRATION_COUNT }]);
    } finally {
      await reopened.close();
    }
  }, 30_000);
});

const postgres = await postgresAvailable();
const runPostgres = requireServiceInCi(postgres);

describe.runIf(runPostgres)("PostgreSQL", () => {
  const database = throwawayPostgresDatabase("lagoon_test");
  const databaseUrl = database.url;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    await database.create();
    handle = await openDatabase({ databaseUrl, dataDir: "unused" });
  });
  afterAll(async () => {
    await handle?.close();
    await database.drop();
  });

  it("applies migrations again, from processes starting together, without error", async () => {
    const [a, b] = await Promise.all([
      openDatabase({ databaseUrl, dataDir: "unused" }),
      openDatabase({ databaseUrl, dataDir: "unused" }),
    ]);
    try {
      const migrations = await a.db.execute(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(migrations.rows).toEqual([{ count: MIGRATION_COUNT }]);
      // Both handles see the rows written through the first one.
      await a.db.insert(schema.emulatorCarts).values({ token: "shared", cart: {}, version: 1 });
      expect(await b.db.select().from(schema.emulatorCarts)).toHaveLength(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe("PostgreSQL that does not answer", () => {
  it("fails fast with a clear error that hides the password", async () => {
    const started = Date.now();
    const attempt = openDatabase({
      databaseUrl: "postgres://lagoon:s3cret@127.0.0.1:1/lagoon",
      dataDir: "unused",
      connectTimeoutMs: 1_000,
    });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(attempt).rejects.toThrow(
      /PostgreSQL at postgres:\/\/lagoon:\*\*\*@127\.0\.0\.1:1/,
    );
    await expect(attempt).rejects.not.toThrow(/s3cret/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
