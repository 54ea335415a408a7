import { createHash, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { sleep } from "../abort";
import type { DatabaseHandle } from "../database";
import { cartLocks } from "./cart-lock-schema";

// Changes to one cart take turns (docs/decisions/007-cart-changes-take-turns.md). The Storefront
// API only sets a line's quantity, so a +/- press must read the line and write quantity ± 1;
// two presses doing that at once would both write the same number and one would be lost. Every
// app process changes a cart only while it holds the cart's turn: a lease row in the shared
// database (PGlite or PostgreSQL), taken with one atomic upsert, given back when the change is
// done, and lapsing on its own if its holder dies. Within a process, changes to one cart queue
// up in memory first, so only one of them at a time asks the database.

export interface CartLocks {
  /**
   * Runs `change` while no other change to the cart made through Lagoon runs, in this process or
   * any other on the same database. `signal` aborts when the turn is about to lapse, so the
   * change's upstream calls end before another change may start. Throws CartBusyError when the
   * turn did not come in time.
   */
  withCart<T>(cartId: string, change: (signal: AbortSignal) => Promise<T>): Promise<T>;
}

/** The cart's turn did not come in time: other changes to it held it all along. */
export class CartBusyError extends Error {
  override readonly name = "CartBusyError";
}

export interface CartLockTimes {
  /**
   * How long a turn lasts unless its holder renews it (every third of this while its change
   * runs): a holder that died frees the cart after this at most.
   */
  leaseMs: number;
  /** How long a change may run. */
  changeMs: number;
  /** How long a change waits for its turn before the shopper is told to try again. */
  waitMs: number;
}

// A Storefront call times out after 5 s; a change makes at most three (read, create, write). A
// crashed holder holds the cart up for the lease at most, within the 6 s a shopper waits.
export const CART_LOCK_TIMES: CartLockTimes = { leaseMs: 5_000, changeMs: 15_000, waitMs: 15_000 };

const FIRST_RETRY_MS = 5;
const LONGEST_RETRY_MS = 100;

interface Logger {
  warn(details: Record<string, unknown>, message: string): void;
}

export function createCartLocks(
  database: Pick<DatabaseHandle, "db">,
  logger: Logger,
  times: CartLockTimes = CART_LOCK_TIMES,
): CartLocks {
  const { db } = database;
  // The last change queued for each cart in this process; a new one waits for it.
  const queues = new Map<string, Promise<void>>();

  /** Takes the cart's turn if it is free or lapsed; whether it did. */
  async function take(cartKey: string, holder: string): Promise<boolean> {
    const expiresAt = sql`now() + ${times.leaseMs}::integer * interval '1 millisecond'`;
    const taken = await db
      .insert(cartLocks)
      .values({ cartKey, holder, expiresAt })
      .onConflictDoUpdate({
        target: cartLocks.cartKey,
        set: { holder, expiresAt },
        setWhere: sql`${cartLocks.expiresAt} <= now()`,
      })
      .returning({ holder: cartLocks.holder });
    return taken.length === 1;
  }

  /** Extends the holder's turn by a lease from now; false if the turn is no longer its own. */
  async function renew(cartKey: string, holder: string): Promise<boolean> {
    const renewed = await db
      .update(cartLocks)
      .set({ expiresAt: sql`now() + ${times.leaseMs}::integer * interval '1 millisecond'` })
      .where(and(eq(cartLocks.cartKey, cartKey), eq(cartLocks.holder, holder)))
      .returning({ holder: cartLocks.holder });
    return renewed.length === 1;
  }

  /**
   * Runs `change` in the holder's turn, renewing the turn while it runs. If the turn cannot be
   * renewed (the database failed, or the turn lapsed to another change) the change is aborted, so
   * it never runs beside another.
   */
  async function inTurn<T>(
    cartKey: string,
    holder: string,
    change: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const lost = new AbortController();
    const heartbeat = setInterval(() => {
      renew(cartKey, holder).then(
        (kept) => {
          if (!kept) lost.abort(new CartBusyError(`Cart ${cartKey}: the turn was lost`));
        },
        (error: unknown) => {
          logger.warn({ err: error }, "a cart's turn could not be renewed; stopping the change");
          lost.abort(error);
        },
      );
    }, times.leaseMs / 3);
    try {
      return await change(AbortSignal.any([AbortSignal.timeout(times.changeMs), lost.signal]));
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function giveBack(cartKey: string, holder: string) {
    try {
      await db
        .delete(cartLocks)
        .where(and(eq(cartLocks.cartKey, cartKey), eq(cartLocks.holder, holder)));
    } catch (error) {
      logger.warn({ err: error }, "a cart's turn could not be given back; it lapses by itself");
    }
  }

  /** Waits for the database's turn until `deadline`; false when it did not come. */
  async function waitForTurn(cartKey: string, holder: string, deadline: number) {
    for (let attempt = 0; ; attempt++) {
      if (await take(cartKey, holder)) return true;
      const pause = Math.min(FIRST_RETRY_MS * 2 ** attempt, LONGEST_RETRY_MS);
      // Jitter, so waiters in several processes do not ask in step.
      const jittered = pause * (0.5 + Math.random());
      if (Date.now() + jittered >= deadline) return false;
      await sleep(jittered);
    }
  }

  return {
    async withCart(cartId, change) {
      const deadline = Date.now() + times.waitMs;
      const cartKey = createHash("sha256").update(cartId).digest("hex");

      const before = queues.get(cartKey) ?? Promise.resolve();
      let done!: () => void;
      const mine = before.then(() => new Promise<void>((resolve) => (done = resolve)));
      queues.set(cartKey, mine);
      const leave = () => {
        if (queues.get(cartKey) === mine) queues.delete(cartKey);
      };

      try {
        const stopWaiting = new AbortController();
        const turnCame = await Promise.race([
          before.then(() => true),
          sleep(Math.max(0, deadline - Date.now()), stopWaiting.signal).then(
            () => false,
            () => true,
          ),
        ]);
        stopWaiting.abort();
        if (!turnCame) throw new CartBusyError(`Cart ${cartKey} stayed busy`);

        const holder = randomUUID();
        let held: boolean;
        try {
          held = await waitForTurn(cartKey, holder, deadline);
        } catch (error) {
          // The database failed us: a change that may race another beats no change at all.
          logger.warn({ err: error }, "a cart's turn could not be taken; changing it regardless");
          return await change(AbortSignal.timeout(times.changeMs));
        }
        if (!held) throw new CartBusyError(`Cart ${cartKey} stayed busy`);
        try {
          return await inTurn(cartKey, holder, change);
        } finally {
          await giveBack(cartKey, holder);
        }
      } finally {
        // `mine` settles once `before` has and this change is done, so the queue keeps its order
        // even when this change gave up waiting.
        void before.then(() => done());
        void mine.then(leave);
      }
    },
  };
}
