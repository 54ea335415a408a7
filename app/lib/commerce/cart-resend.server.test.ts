import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startCartChild } from "../../../tests/support/cart-app-child";
import {
  Browser,
  cartOf,
  POOL_SALT,
  PUMP,
  startStorefrontEmulator,
} from "../../../tests/support/cart-emulator";
import { cartActionServices } from "../../../tests/support/cart-services";
import { openDatabase } from "../../../tests/support/server-parts";
import {
  postgresAvailable,
  requireServiceInCi,
  throwawayPostgresDatabase,
} from "../../../tests/support/services";
import { loadCart } from "./cart-layout.server";
import { cartLocks } from "./cart-lock-schema";

// Issue 28: a cart change is sent again when its answer was lost (the instance died after making
// it; the browser or the shopper posts it once more). Sent with the same form key, it applies
// once, whichever app process receives it and whether or not the first one is still alive. The
// app processes here are real ones (tests/support/cart-press-child.ts), killed with SIGKILL after
// they answered; the platform (the storefront emulator) lives on in this process.

const emulator = startStorefrontEmulator();

interface Database {
  /** Where an app process opens the shop's database. */
  env: Record<string, string>;
}

/** A cart with a line of 1 pool salt, and how to read its quantities. */
async function cartWithOneSalt() {
  const browser = new Browser();
  const added = await emulator.post(browser, {
    intent: "add",
    merchandiseId: POOL_SALT,
    quantity: "1",
  });
  const lineId = cartOf(added.body)?.lines[0]?.id ?? "";
  const quantities = async () =>
    Object.fromEntries(
      ((await loadCart(browser.request(), emulator.services())).cart?.lines ?? []).map((line) => [
        line.variantId,
        line.quantity,
      ]),
    );
  return { browser, lineId, quantities };
}

function resentChanges(database: () => Database, twoInstances: boolean) {
  const instances = twoInstances ? "a second instance" : "the restarted instance";
  it(`applies a +1 and an add re-sent to ${instances} after SIGKILL once, answered as at first`, async () => {
    const { browser, lineId, quantities } = await cartWithOneSalt();
    const changes: Record<string, string>[] = [
      { intent: "update", lineId, quantity: "2", from: "1", formKey: "press-1" },
      { intent: "add", merchandiseId: PUMP, quantity: "1", formKey: "page-1" },
    ];
    const answers = await resendAfterKill(database(), browser, changes, twoInstances);
    expect(answers).toEqual({ first: [200, 200], again: [200, 200] });
    expect(await quantities()).toEqual({ [POOL_SALT]: 2, [PUMP]: 1 });
  }, 60_000);
}

/**
 * Posts `forms` from one app process, kills it with SIGKILL once it answered, then posts them
 * again from another: started after the kill (a restart) or before it (a second instance).
 */
async function resendAfterKill(
  database: Database,
  browser: Browser,
  forms: Record<string, string>[],
  secondRunsAlready: boolean,
) {
  const env = {
    ...database.env,
    CART_CHILD_ORIGIN: emulator.origin,
    CART_CHILD_COOKIES: JSON.stringify([...browser.cookies]),
    CART_CHILD_PRESS: JSON.stringify(forms),
  };
  const dying = startCartChild({ ...env, CART_CHILD_STAY: "1" });
  const second = secondRunsAlready ? startCartChild(env) : undefined;
  await Promise.all([dying.ready, second?.ready]);
  dying.go();
  const first = await dying.answered;
  await dying.kill();
  const again = second ?? startCartChild(env);
  await again.ready;
  again.go();
  return { first, again: await again.answered };
}

describe("a re-sent cart change on PGlite", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "lagoon-cart-resend-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  // PGlite belongs to the one process that opened it: one instance, restarted.
  resentChanges(() => ({ env: { CART_CHILD_DATA_DIR: dataDir } }), false);
});

const postgres = await postgresAvailable();

describe.runIf(requireServiceInCi(postgres))("a re-sent cart change on PostgreSQL", () => {
  const database = throwawayPostgresDatabase("lagoon_cart_resend");
  beforeAll(async () => {
    await database.create();
  });
  afterAll(async () => {
    await database.drop();
  });
  const shared = () => ({ env: { CART_CHILD_DATABASE_URL: database.url } });
  resentChanges(shared, false);
  resentChanges(shared, true);

  it("holds up another instance's change by less than the 6 s a shopper waits when the turn's holder is killed", async () => {
    const handle = await openDatabase({ databaseUrl: database.url, dataDir: "unused" });
    try {
      const { browser, lineId, quantities } = await cartWithOneSalt();
      const press = { intent: "update", lineId, quantity: "2", from: "1" };
      // An instance whose change takes the cart's turn and then waits on a slow platform.
      const holder = startCartChild({
        ...shared().env,
        CART_CHILD_ORIGIN: emulator.origin,
        CART_CHILD_COOKIES: JSON.stringify([...browser.cookies]),
        CART_CHILD_PRESS: JSON.stringify(press),
        CART_CHILD_FAULT: "slow:20000",
      });
      await holder.ready;
      holder.go();
      await vi.waitFor(
        async () => expect((await handle.db.select().from(cartLocks)).length).toBe(1),
        { timeout: 10_000, interval: 20 },
      );
      await holder.kill();

      const killed = performance.now();
      const other = cartActionServices({ origin: emulator.origin, database: () => handle });
      const answer = await emulator.post(browser, press, { services: other });
      expect(answer.status).toBe(200);
      expect(performance.now() - killed).toBeLessThan(6_000);
      expect(await quantities()).toEqual({ [POOL_SALT]: 2 });
    } finally {
      await handle.close();
    }
  }, 60_000);
});
