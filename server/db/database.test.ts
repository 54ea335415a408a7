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
import { enqueueMail, InvalidMailError, listMail } from "../mail/outbox";
import { type DatabaseHandle, DatabaseUnavailableError, openDatabase } from "./index";

// Every migration in the journal is applied exactly once.
const MIGRATION_COUNT: number = JSON.parse(
  readFileSync(new URL("./migrations/meta/_journal.json", import.meta.url), "utf8"),
).entries.length;

// Opening costs seconds (PGlite ≈ 3 s per instance), so each engine's suite shares one handle.
function defineOutboxSuite(engine: DatabaseHandle["engine"], handle: () => DatabaseHandle) {
  it(`runs on ${engine}`, () => {
    expect(handle().engine).toBe(engine);
  });

  it("round-trips mail, newest first, with every field intact", async () => {
    const { db } = handle();
    const first = await enqueueMail(db, {
      to: "staff@lagoon.example",
      subject: "Purchase order PO-1001",
      text: "A new purchase order arrived.",
      html: "<p>A new purchase order arrived.</p>",
      kind: "purchase-order",
    });
    const second = await enqueueMail(db, {
      to: "swimmer@example.com",
      subject: "Confirm your subscription",
      text: "Click to confirm.",
      kind: "newsletter-confirmation",
    });

    expect(first).toMatchObject({
      to: "staff@lagoon.example",
      subject: "Purchase order PO-1001",
      text: "A new purchase order arrived.",
      html: "<p>A new purchase order arrived.</p>",
      kind: "purchase-order",
      sentAt: null,
    });
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(first.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(second.html).toBeNull();

    const listed = await listMail(db, { limit: 2 });
    expect(listed).toEqual([second, first]);
  });

  it("honours the limit, keeping mail enqueued in quick succession in order", async () => {
    const { db } = handle();
    for (let n = 1; n <= 10; n++) {
      await enqueueMail(db, {
        to: "staff@lagoon.example",
        subject: `Limit ${n}`,
        text: "…",
        kind: "purchase-order",
      });
    }
    const listed = await listMail(db, { limit: 3 });
    expect(listed.map((mail) => mail.subject)).toEqual(["Limit 10", "Limit 9", "Limit 8"]);
  });

  it("rejects a bad address with InvalidMailError and stores nothing", async () => {
    const { db } = handle();
    const before = await listMail(db, { limit: 500 });
    const attempt = enqueueMail(db, {
      to: "not-an-address",
      subject: "Hello",
      text: "Hi",
      kind: "purchase-order",
    });
    await expect(attempt).rejects.toBeInstanceOf(InvalidMailError);
    await expect(attempt).rejects.toThrow(/to/);
    expect(await listMail(db, { limit: 500 })).toHaveLength(before.length);
  });

  it("rejects a subject that would inject headers", async () => {
    const { db } = handle();
    await expect(
      enqueueMail(db, {
        to: "staff@lagoon.example",
        subject: "Hello\r\nBcc: everyone@example.com",
        text: "Hi",
        kind: "purchase-order",
      }),
    ).rejects.toBeInstanceOf(InvalidMailError);
  });
}

describe("PGlite (memory://)", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory://" });
  });
  afterAll(async () => {
    await handle?.close();
  });

  defineOutboxSuite("pglite", () => handle);
});

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
    const stored = await enqueueMail(first.db, {
      to: "staff@lagoon.example",
      subject: "Kept",
      text: "Still here after a restart",
      kind: "purchase-order",
    });
    await first.close();

    const reopened = await openDatabase({ dataDir });
    try {
      expect(await listMail(reopened.db)).toEqual([stored]);
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

  defineOutboxSuite("postgres", () => handle);

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
      expect((await listMail(b.db, { limit: 500 })).length).toBeGreaterThan(0);
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
