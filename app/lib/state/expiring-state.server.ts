import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../database";
import { expiringState } from "./expiring-state-schema";

/**
 * State that must last exactly as long as it was given, whatever else the shop is asked to keep:
 * rate-limit counters, sign-ins in progress, webhook deliveries already handled. Caches evict what
 * they hold under pressure (a flood of distinct URLs fills them), so this state is kept in the
 * shop's database instead (PGlite or PostgreSQL), the same for every process (decision 011).
 */
export interface ExpiringState {
  /**
   * Adds one to a counter and returns the new count. The counter starts at 1 and is gone
   * `windowMs` after its first increment (a fixed window), atomically across processes.
   */
  increment(key: string, windowMs: number): Promise<number>;
  /** Keeps `value` (JSON) under `key` for `lifetimeMs`, replacing what was there. */
  put(key: string, value: unknown, lifetimeMs: number): Promise<void>;
  /** The value under `key` while it lasts. */
  get<T>(key: string): Promise<T | undefined>;
  /** Removes the value and returns it, once: of two callers racing, one gets it. */
  take<T>(key: string): Promise<T | undefined>;
  delete(key: string): Promise<void>;
}

/** Expired rows are swept now and then by the writers, not by a timer of their own. */
const SWEEP_EVERY_WRITES = 500;

export function createExpiringState(database: Pick<DatabaseHandle, "db">): ExpiringState {
  const { db } = database;
  const until = (ms: number) =>
    sql`now() + ${Math.max(1, Math.ceil(ms))}::integer * interval '1 millisecond'`;
  const live = (key: string) =>
    and(eq(expiringState.key, key), gt(expiringState.expiresAt, sql`now()`));

  let writes = 0;
  const sweepNowAndThen = () => {
    writes += 1;
    if (writes % SWEEP_EVERY_WRITES !== 0) return;
    void db
      .delete(expiringState)
      .where(lte(expiringState.expiresAt, sql`now()`))
      .catch(() => {
        // The next sweep tries again; expired rows are never read as live meanwhile.
      });
  };

  return {
    async increment(key, windowMs) {
      sweepNowAndThen();
      const lapsed = sql`${expiringState.expiresAt} <= now()`;
      const [row] = await db
        .insert(expiringState)
        .values({ key, count: 1, expiresAt: until(windowMs) })
        .onConflictDoUpdate({
          target: expiringState.key,
          set: {
            count: sql`case when ${lapsed} then 1 else ${expiringState.count} + 1 end`,
            value: null,
            expiresAt: sql`case when ${lapsed} then excluded.expires_at else ${expiringState.expiresAt} end`,
          },
        })
        .returning({ count: expiringState.count });
      return row?.count ?? 1;
    },
    async put(key, value, lifetimeMs) {
      sweepNowAndThen();
      const expiresAt = until(lifetimeMs);
      await db
        .insert(expiringState)
        .values({ key, value, count: 0, expiresAt })
        .onConflictDoUpdate({ target: expiringState.key, set: { value, count: 0, expiresAt } });
    },
    async get<T>(key: string) {
      const [row] = await db
        .select({ value: expiringState.value })
        .from(expiringState)
        .where(live(key));
      return (row?.value ?? undefined) as T | undefined;
    },
    async take<T>(key: string) {
      const [row] = await db
        .delete(expiringState)
        .where(live(key))
        .returning({ value: expiringState.value });
      return (row?.value ?? undefined) as T | undefined;
    },
    async delete(key) {
      await db.delete(expiringState).where(eq(expiringState.key, key));
    },
  };
}
