import { afterAll, beforeAll, describe } from "vitest";
import { type DatabaseHandle, openDatabase } from "./server-parts";
import { postgresAvailable, requireServiceInCi, throwawayPostgresDatabase } from "./services";

// One suite run on both engines the app supports: an in-memory PGlite, and a throwaway
// PostgreSQL database (which must be there under CI). Each suite opens its database once.

const postgres = await postgresAvailable();

/** Runs `suite` on PGlite (memory://) and on PostgreSQL, each given its open database. */
export function describeOnBothEngines(
  title: string,
  suite: (
    handle: () => DatabaseHandle,
    engine: DatabaseHandle["engine"],
    /** PostgreSQL's connection string, for a second process on the same database. */
    databaseUrl?: string,
  ) => void,
) {
  describe(`${title} on PGlite`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await openDatabase({ dataDir: "memory://" });
    }, 30_000);
    afterAll(async () => {
      await handle?.close();
    });
    suite(() => handle, "pglite");
  });

  describe.runIf(requireServiceInCi(postgres))(`${title} on PostgreSQL`, () => {
    const database = throwawayPostgresDatabase("lagoon_test");
    let handle: DatabaseHandle;
    beforeAll(async () => {
      await database.create();
      handle = await openDatabase({ databaseUrl: database.url, dataDir: "unused" });
    });
    afterAll(async () => {
      await handle?.close();
      await database.drop();
    });
    suite(() => handle, "postgres", database.url);
  });
}
