import { expect, it } from "vitest";
import { startCartChild } from "../../../tests/support/cart-app-child";
import {
  Browser,
  cartOf,
  POOL_SALT,
  startStorefrontEmulator,
} from "../../../tests/support/cart-emulator";
import { describeOnBothEngines } from "../../../tests/support/databases";
import { loadCart } from "./cart-layout.server";

// product §4: a +/- press is a change by one, applied to the line as it is when the change is
// made. Twenty presses on a line of 5 that all saw 5 (a fast shopper, several tabs, several app
// processes behind a load balancer) leave 25, never 6. The emulator keeps its carts on the same
// database as the app, as in embedded mode.

const PRESSES = 20;
const PLUS_ONE_FROM_5 = { intent: "update", quantity: "6", from: "5" };

describeOnBothEngines("+1 presses racing on one cart line", (database, engine, databaseUrl) => {
  const emulator = startStorefrontEmulator({ database });

  async function lineOfFive() {
    const browser = new Browser();
    const added = await emulator.post(browser, {
      intent: "add",
      merchandiseId: POOL_SALT,
      quantity: "5",
    });
    const lineId = cartOf(added.body)?.lines[0]?.id ?? "";
    const quantity = async () =>
      (await loadCart(browser.request(), emulator.services())).cart?.lines[0]?.quantity;
    return { browser, lineId, quantity };
  }

  it(`${PRESSES} concurrent +1 through one app raise the line by exactly ${PRESSES}`, async () => {
    const { browser, lineId, quantity } = await lineOfFive();
    const app = emulator.services();
    const answers = await Promise.all(
      Array.from({ length: PRESSES }, () =>
        emulator.post(browser, { ...PLUS_ONE_FROM_5, lineId }, { services: app }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(PRESSES).fill(200));
    expect(await quantity()).toBe(5 + PRESSES);
  });

  it(`${PRESSES} concurrent +1 through two app contexts on one database raise it by ${PRESSES}`, async () => {
    const { browser, lineId, quantity } = await lineOfFive();
    // Each context has its own cache and its own cart services, as two processes would.
    const apps = [emulator.services(), emulator.services()];
    const answers = await Promise.all(
      Array.from({ length: PRESSES }, (_, press) =>
        emulator.post(browser, { ...PLUS_ONE_FROM_5, lineId }, { services: apps[press % 2] }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(PRESSES).fill(200));
    expect(await quantity()).toBe(5 + PRESSES);
  });

  // Two processes share PostgreSQL only: PGlite belongs to the process that opened it.
  if (engine !== "postgres") return;
  it(`${PRESSES} concurrent +1 from two app processes on one PostgreSQL raise it by ${PRESSES}`, async () => {
    const { browser, lineId, quantity } = await lineOfFive();
    const env = {
      CART_CHILD_DATABASE_URL: databaseUrl ?? "",
      CART_CHILD_ORIGIN: emulator.origin,
      CART_CHILD_COOKIES: JSON.stringify([...browser.cookies]),
      CART_CHILD_PRESS: JSON.stringify({ ...PLUS_ONE_FROM_5, lineId }),
      CART_CHILD_PRESSES: String(PRESSES / 2),
    };
    const children = [startCartChild(env), startCartChild(env)];
    await Promise.all(children.map((child) => child.ready));
    for (const child of children) child.go();
    const statuses = (
      await Promise.all(
        children.map(async (child) => {
          const answered = await child.answered;
          await child.exitedCleanly();
          return answered;
        }),
      )
    ).flat();
    expect(statuses).toEqual(Array(PRESSES).fill(200));
    expect(await quantity()).toBe(5 + PRESSES);
  }, 60_000);
});
