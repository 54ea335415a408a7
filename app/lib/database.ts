import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/** What `db.execute` resolves to on both engines: node-postgres' and PGlite's results share `rows`. */
export interface DatabaseQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this["row"]>;
}
interface QueryRows<Row> {
  rows: Row[];
}

/**
 * The shop's database as the server opened it (PGlite embedded, PostgreSQL connected): code in
 * the app never asks which engine is behind it.
 */
export interface DatabaseHandle<Schema extends Record<string, unknown> = Record<string, unknown>> {
  db: PgDatabase<DatabaseQueryResultHKT, Schema>;
  engine: "pglite" | "postgres";
  close(): Promise<void>;
}
