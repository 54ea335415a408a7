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

// What node-postgres and the network say when the database cannot be reached, as against a query
// it refused: connection refused, reset or timed out, and PostgreSQL's class 08 (connection
// exception) and 57P0x (the server shutting down or starting up).
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
]);
const UNREACHABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect/i;

/** Whether `error` (or one of its causes) says the database could not be reached. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || /^(08|57P0)/.test(code))) {
      return true;
    }
    if (typeof message === "string" && UNREACHABLE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
