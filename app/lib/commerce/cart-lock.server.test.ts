import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeOnBothEngines } from "../../../tests/support/databases";
import { CART_LOCK_TIMES, CartBusyError, createCartLocks } from "./cart-lock.server";
import { cartLocks } from "./cart-lock-schema";

// Whose turn it is to change a cart, on the database every app process shares.

const QUICK = { leaseMs: 2_000, changeMs: 1_500, waitMs: 1_000 };

let carts = 0;
const newCartId = () => `gid://shopify/Cart/lock-test-${Date.now()}-${carts++}?key=secret`;
const keyOf = (cartId: string) => createHash("sha256").update(cartId).digest("hex");

describeOnBothEngines("cart turns", (database) => {
  const warnings: string[] = [];
  const logger = { warn: (_details: unknown, message: string) => warnings.push(message) };

  /** A turn held by a process that died before giving it back, lapsing in `ms`. */
  async function leftByDeadProcess(cartId: string, ms: number) {
    await database()
      .db.insert(cartLocks)
      .values({
        cartKey: keyOf(cartId),
        holder: "a process that died",
        expiresAt: sql`now() + ${ms}::integer * interval '1 millisecond'`,
      });
  }

  it("runs the changes to one cart one at a time, across lock instances, and gives the turn back", async () => {
    const cartId = newCartId();
    const processes = [createCartLocks(database(), logger), createCartLocks(database(), logger)];
    let running = 0;
    let most = 0;
    const change = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return "changed";
    };
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, n) => processes[n % 2]?.withCart(cartId, change)),
    );
    expect(results).toEqual(Array(8).fill("changed"));
    expect(most).toBe(1);
    const rows = await database().db.select().from(cartLocks);
    expect(rows.filter((row) => row.cartKey === keyOf(cartId))).toEqual([]);
  });

  it("does not keep the cart's key, which opens the cart", async () => {
    const cartId = newCartId();
    await createCartLocks(database(), logger).withCart(cartId, async () => {
      const rows = await database().db.select().from(cartLocks);
      expect(rows.map((row) => row.cartKey)).toContain(keyOf(cartId));
      expect(JSON.stringify(rows)).not.toContain("secret");
    });
  });

  it("takes over a turn whose holder died once it lapses", async () => {
    const cartId = newCartId();
    await leftByDeadProcess(cartId, 300);
    const started = Date.now();
    const result = await createCartLocks(database(), logger, QUICK).withCart(cartId, async () =>
      Date.now(),
    );
    expect(result - started).toBeGreaterThanOrEqual(250);
  });

  it("holds up the next change by at most a lease when the holder's process died (under 6 s)", async () => {
    const cartId = newCartId();
    // As the process that crashed left it: a full lease from now.
    await leftByDeadProcess(cartId, CART_LOCK_TIMES.leaseMs);
    const started = Date.now();
    await createCartLocks(database(), logger).withCart(cartId, async () => {});
    expect(Date.now() - started).toBeLessThan(6_000);
  }, 10_000);

  it("keeps a live holder's turn past its lease while its change runs", async () => {
    const cartId = newCartId();
    const times = { leaseMs: 300, changeMs: 5_000, waitMs: 5_000 };
    const [one, other] = [
      createCartLocks(database(), logger, times),
      createCartLocks(database(), logger, times),
    ];
    const spans: [number, number][] = [];
    const slowChange = async () => {
      const start = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      spans.push([start, Date.now()]);
    };
    await Promise.all([one.withCart(cartId, slowChange), other.withCart(cartId, slowChange)]);
    const [first, second] = spans.toSorted((a, b) => a[0] - b[0]);
    expect(second?.[0]).toBeGreaterThanOrEqual(first?.[1] ?? Number.POSITIVE_INFINITY);
  });

  it("tells a change whose turn does not come in time that the cart is busy, and skips it", async () => {
    const cartId = newCartId();
    await leftByDeadProcess(cartId, 60_000);
    let ran = false;
    const locks = createCartLocks(database(), logger, QUICK);
    await expect(
      locks.withCart(cartId, async () => {
        ran = true;
      }),
    ).rejects.toBeInstanceOf(CartBusyError);
    expect(ran).toBe(false);
    // Another cart is not held up by the busy one.
    await expect(locks.withCart(newCartId(), async () => "other")).resolves.toBe("other");
  });

  it("keeps the order of a process's queue when a change gives up waiting", async () => {
    const cartId = newCartId();
    const locks = createCartLocks(database(), logger, { ...QUICK, waitMs: 200 });
    const order: string[] = [];
    let release!: () => void;
    const first = locks.withCart(cartId, async () => {
      order.push("first");
      await new Promise<void>((resolve) => (release = resolve));
    });
    const second = locks.withCart(cartId, async () => order.push("second"));
    await expect(second).rejects.toBeInstanceOf(CartBusyError);
    const third = locks.withCart(cartId, async () => order.push("third"));
    release();
    await first;
    await third;
    expect(order).toEqual(["first", "third"]);
  });

  it("ends a change's upstream calls before its turn lapses", async () => {
    const locks = createCartLocks(database(), logger, { ...QUICK, changeMs: 100 });
    const aborted = await locks.withCart(
      newCartId(),
      (signal) =>
        new Promise<boolean>((resolve) => {
          signal.addEventListener("abort", () => resolve(true));
        }),
    );
    expect(aborted).toBe(true);
  });

  it("still makes the change when the database cannot be asked, and says so", async () => {
    const broken = {
      db: new Proxy(database().db, {
        get(target, property, receiver) {
          if (property === "insert") {
            return () => {
              throw new Error("connection terminated");
            };
          }
          return Reflect.get(target, property, receiver);
        },
      }),
    };
    const result = await createCartLocks(broken, logger).withCart(newCartId(), async () => "done");
    expect(result).toBe("done");
    expect(warnings).toContain("a cart's turn could not be taken; changing it regardless");
  });
});
