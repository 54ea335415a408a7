import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar } from "../../../tests/support/customer-account-emulator";
import {
  closeAppBuild,
  type LagoonInstance,
  loadAppBuild,
  startLagoon,
} from "../../../tests/support/lagoon-server";
import {
  postgresAvailable,
  REDIS_TEST_URL,
  redisAvailable,
  requireServiceInCi,
  throwawayPostgresDatabase,
} from "../../../tests/support/services";
import { DEMO_CUSTOMERS, signInOverHttp, variantIdsFor } from "../../../tests/support/shopper";
import { purchaseOrders } from "../commercial/purchase-order-schema";
import type { CartLine } from "./cart";

// Issue 29: random sequences of what two shoppers do (add, +/−, a typed quantity, remove, sign
// in and out, checkout, a purchase order) against two app instances sharing one PostgreSQL
// database and one Redis, as two processes of the shop would, each step checked against a model
// of both carts (product §4–§6). An anonymous shopper's steps go to either instance; a signed-in
// one's to the instance they signed in at (each instance has its own identity provider).

const postgres = await postgresAvailable();
const redis = await redisAvailable();

/** What a shopper has, as the model sees it. */
interface ShopperModel {
  readonly email: string;
  readonly commercial: boolean;
  /** The instance the shopper signs in at. */
  readonly home: 0 | 1;
  signedIn: boolean;
  /** Quantity by variant id, in the order the lines were added. */
  lines: Map<string, number>;
}

interface Model {
  shoppers: [ShopperModel, ShopperModel];
  /** Purchase orders submitted in this run. */
  purchaseOrders: number;
}

interface Real {
  jars: [CookieJar, CookieJar];
  /** The cart line of each variant, per shopper, from the cart's last answer. */
  lineIds: [Map<string, string>, Map<string, string>];
}

type Who = 0 | 1;

const describePostgres = describe.runIf(requireServiceInCi(postgres) && requireServiceInCi(redis));

describePostgres("two shoppers on two app instances, against a model of their carts", () => {
  const database = throwawayPostgresDatabase("lagoon_cart_model");
  const instances: LagoonInstance[] = [];
  let variants: string[] = [];
  /** How many of each variant one cart may hold (stock); unlimited when not tracked. */
  const stock = new Map<string, number>();
  /** Purchase orders in the database before the run. */
  let purchaseOrdersBefore = 0;

  beforeAll(async () => {
    await database.create();
    const build = await loadAppBuild();
    const shared = {
      build,
      databaseUrl: database.url,
      redis: { url: REDIS_TEST_URL, keyPrefix: `cart-model-${randomUUID()}:` },
      // Cookies one instance seals, the other opens.
      env: { SESSION_SECRET: "cart-model-session-secret-of-at-least-32-chars" },
    };
    instances.push(await startLagoon(shared));
    instances.push(await startLagoon(shared));
    variants = await variantIdsFor(origin(0), 2);
    for (const variant of variants) stock.set(variant, await stockOf(variant));
    purchaseOrdersBefore = await purchaseOrderCount();
  }, 180_000);

  afterAll(async () => {
    await Promise.allSettled(instances.map((instance) => instance.close()));
    await closeAppBuild();
    await database.drop();
  });

  const origin = (instance: Who) => instances[instance]?.origin ?? "";

  async function stockOf(variant: string): Promise<number> {
    const response = await fetch(`${origin(0)}/_emulators/storefront/api/2026-04/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Storefront-Access-Token": "test" },
      body: JSON.stringify({
        query: "query ($id: ID!) { node(id: $id) { ... on ProductVariant { quantityAvailable } } }",
        variables: { id: variant },
      }),
    });
    const { data } = (await response.json()) as {
      data: { node: { quantityAvailable: number | null } };
    };
    return data.node.quantityAvailable ?? Number.POSITIVE_INFINITY;
  }

  /** Counted through the second instance: the database both share. */
  async function purchaseOrderCount(): Promise<number> {
    const [row] = await (instances[1] as LagoonInstance).stores.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.customerEmail, DEMO_CUSTOMERS.commercial));
    return row?.count ?? 0;
  }

  /** Where a shopper's request goes: home when signed in, else the instance the step picked. */
  const target = (shopper: ShopperModel, via: Who) => (shopper.signedIn ? shopper.home : via);

  async function post(
    real: Real,
    who: Who,
    instance: Who,
    path: string,
    form: Record<string, string>,
    json = true,
  ) {
    const jar = real.jars[who];
    const response = await fetch(`${origin(instance)}${path}`, {
      method: "POST",
      headers: {
        cookie: jar.header(),
        Origin: origin(instance),
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: json ? "application/json" : "text/html",
      },
      body: new URLSearchParams(form),
      redirect: "manual",
    });
    jar.store(response);
    return response;
  }

  /** The cart a cart change answered with, checked against the model; notes its line ids. */
  async function expectCart(response: Response, real: Real, who: Who, model: Model) {
    const text = await response.text();
    expect(response.status, text.slice(0, 300)).toBe(200);
    const body = JSON.parse(text) as { ok: boolean; cart: { lines: CartLine[] } | null };
    const lines = body.cart?.lines ?? [];
    real.lineIds[who] = new Map(lines.map((line) => [line.variantId, line.id]));
    expect(new Map(lines.map((line) => [line.variantId, line.quantity]))).toEqual(
      model.shoppers[who].lines,
    );
  }

  /**
   * A change that leaves `quantity` of `variant` in the cart: made, and answered with the cart,
   * within the stock; refused with 422 and the cart left as it was beyond it.
   */
  async function expectChange(
    response: Response,
    real: Real,
    who: Who,
    model: Model,
    variant: string,
    quantity: number,
  ) {
    if (quantity > (stock.get(variant) ?? 0)) {
      expect(response.status).toBe(422);
      expect(((await response.json()) as { error: string }).error).toMatch(/^You can only add /);
      return;
    }
    model.shoppers[who].lines.set(variant, quantity);
    await expectCart(response, real, who, model);
  }

  /** The cart badge on a page, read through the other instance when the shopper is anonymous. */
  async function expectBadge(real: Real, who: Who, model: Model, step: Who) {
    const shopper = model.shoppers[who];
    const instance = shopper.signedIn ? shopper.home : ((1 - step) as Who);
    const page = await fetch(`${origin(instance)}/search?q=pump`, {
      headers: { cookie: real.jars[who].header() },
    });
    const label = (await page.text()).match(/Open cart, (empty|\d+ items?)/)?.[1];
    const total = [...shopper.lines.values()].reduce((sum, quantity) => sum + quantity, 0);
    expect(label).toBe(total === 0 ? "empty" : `${total} ${total === 1 ? "item" : "items"}`);
  }

  class Add implements fc.AsyncCommand<Model, Real> {
    constructor(
      readonly who: Who,
      readonly variant: number,
      readonly quantity: number,
      readonly via: Who,
    ) {}
    check = () => true;
    async run(model: Model, real: Real) {
      const shopper = model.shoppers[this.who];
      const variant = variants[this.variant] ?? "";
      const response = await post(real, this.who, target(shopper, this.via), "/api/cart", {
        intent: "add",
        merchandiseId: variant,
        quantity: String(this.quantity),
      });
      const next = (shopper.lines.get(variant) ?? 0) + this.quantity;
      await expectChange(response, real, this.who, model, variant, next);
      await expectBadge(real, this.who, model, this.via);
    }
    toString = () => `shopper ${this.who} adds ${this.quantity} of variant ${this.variant}`;
  }

  /** A +/− press: a change by one from the quantity shown. */
  class Press implements fc.AsyncCommand<Model, Real> {
    constructor(
      readonly who: Who,
      readonly variant: number,
      readonly by: 1 | -1,
      readonly via: Who,
    ) {}
    check(model: Readonly<Model>) {
      const shown = model.shoppers[this.who].lines.get(variants[this.variant] ?? "");
      // product §5: the decrease button is disabled at 1.
      return shown !== undefined && (this.by === 1 || shown > 1);
    }
    async run(model: Model, real: Real) {
      const shopper = model.shoppers[this.who];
      const variant = variants[this.variant] ?? "";
      const shown = shopper.lines.get(variant) ?? 0;
      const response = await post(real, this.who, target(shopper, this.via), "/api/cart", {
        intent: "update",
        lineId: real.lineIds[this.who].get(variant) ?? "",
        quantity: String(shown + this.by),
        from: String(shown),
      });
      await expectChange(response, real, this.who, model, variant, shown + this.by);
      await expectBadge(real, this.who, model, this.via);
    }
    toString = () =>
      `shopper ${this.who} presses ${this.by > 0 ? "+" : "−"} on variant ${this.variant}`;
  }

  /** A typed quantity: a value that sets the line (below 1 becomes 1, product §5). */
  class Type implements fc.AsyncCommand<Model, Real> {
    constructor(
      readonly who: Who,
      readonly variant: number,
      readonly quantity: number,
      readonly via: Who,
    ) {}
    check = (model: Readonly<Model>) =>
      model.shoppers[this.who].lines.has(variants[this.variant] ?? "");
    async run(model: Model, real: Real) {
      const shopper = model.shoppers[this.who];
      const variant = variants[this.variant] ?? "";
      const response = await post(real, this.who, target(shopper, this.via), "/api/cart", {
        intent: "update",
        lineId: real.lineIds[this.who].get(variant) ?? "",
        quantity: String(this.quantity),
      });
      await expectChange(response, real, this.who, model, variant, Math.max(1, this.quantity));
      await expectBadge(real, this.who, model, this.via);
    }
    toString = () => `shopper ${this.who} types ${this.quantity} for variant ${this.variant}`;
  }

  class Remove implements fc.AsyncCommand<Model, Real> {
    constructor(
      readonly who: Who,
      readonly variant: number,
      readonly via: Who,
    ) {}
    check = (model: Readonly<Model>) =>
      model.shoppers[this.who].lines.has(variants[this.variant] ?? "");
    async run(model: Model, real: Real) {
      const shopper = model.shoppers[this.who];
      const variant = variants[this.variant] ?? "";
      const response = await post(real, this.who, target(shopper, this.via), "/api/cart", {
        intent: "remove",
        lineId: real.lineIds[this.who].get(variant) ?? "",
      });
      shopper.lines.delete(variant);
      await expectCart(response, real, this.who, model);
      await expectBadge(real, this.who, model, this.via);
    }
    toString = () => `shopper ${this.who} removes variant ${this.variant}`;
  }

  /** Signing in keeps the cart the browser has. */
  class SignIn implements fc.AsyncCommand<Model, Real> {
    constructor(readonly who: Who) {}
    check = (model: Readonly<Model>) => !model.shoppers[this.who].signedIn;
    async run(model: Model, real: Real) {
      const shopper = model.shoppers[this.who];
      await signInOverHttp(origin(shopper.home), shopper.email, real.jars[this.who]);
      shopper.signedIn = true;
      await expectBadge(real, this.who, model, shopper.home);
    }
    toString = () => `shopper ${this.who} signs in`;
  }

  /** product §4: signing out empties the signed-in customer's cart. */
  class SignOut implements fc.AsyncCommand<Model, Real> {
    constructor(readonly who: Who) {}
    check = (model: Readonly<Model>) => model.shoppers[this.who].signedIn;
    async run(model: Model, real: Real) {
      const shopper = model.shoppers[this.who];
      const response = await post(real, this.who, shopper.home, "/account/logout", {}, false);
      expect(response.status).toBe(302);
      shopper.signedIn = false;
      shopper.lines.clear();
      real.lineIds[this.who].clear();
      await expectBadge(real, this.who, model, shopper.home);
    }
    toString = () => `shopper ${this.who} signs out`;
  }

  /**
   * product §4, §6: an empty cart does not go to checkout; an anonymous or everyday customer's
   * goes to the platform's checkout; a commercial customer's never does. The cart stays.
   */
  class Checkout implements fc.AsyncCommand<Model, Real> {
    constructor(
      readonly who: Who,
      readonly via: Who,
    ) {}
    check = () => true;
    async run(model: Model, real: Real) {
      const shopper = model.shoppers[this.who];
      const instance = target(shopper, this.via);
      const response = await post(real, this.who, instance, "/api/cart", { intent: "checkout" });
      const location = response.headers.get("location") ?? "";
      await response.body?.cancel();
      // The cart's checkoutUrl: the platform's `/cart/c/<token>` page.
      const toCheckout = response.status === 303 && location.includes("/cart/c/");
      if (shopper.lines.size === 0) {
        expect(response.status).toBeGreaterThanOrEqual(400);
      } else if (shopper.signedIn && shopper.commercial) {
        expect(toCheckout).toBe(false);
      } else {
        expect(toCheckout, `${response.status} ${location}`).toBe(true);
        if (shopper.signedIn) expect(location).toContain("logged_in=true");
      }
      await expectBadge(real, this.who, model, this.via);
    }
    toString = () => `shopper ${this.who} checks out`;
  }

  /** product §4: a signed-in commercial customer's cart becomes a purchase order, and is let go. */
  class SubmitPurchaseOrder implements fc.AsyncCommand<Model, Real> {
    constructor(readonly who: Who) {}
    check(model: Readonly<Model>) {
      const shopper = model.shoppers[this.who];
      return shopper.commercial && shopper.signedIn && shopper.lines.size > 0;
    }
    async run(model: Model, real: Real) {
      const shopper = model.shoppers[this.who];
      const page = await (
        await fetch(`${origin(shopper.home)}/purchase-order-checkout`, {
          headers: { cookie: real.jars[this.who].header() },
        })
      ).text();
      const idempotencyKey = page.match(/name="idempotencyKey" value="([^"]+)"/)?.[1] ?? "";
      const locationId = page.match(/name="locationId"[\s\S]*?<option value="([^"]+)"/)?.[1] ?? "";
      const response = await post(
        real,
        this.who,
        shopper.home,
        "/purchase-order-checkout",
        { idempotencyKey, reference: "MODEL-1", shippingMethod: "pickup", locationId },
        false,
      );
      await response.body?.cancel();
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toMatch(/^\/po-thank-you\?order=/);
      shopper.lines.clear();
      real.lineIds[this.who].clear();
      model.purchaseOrders += 1;
      expect(await purchaseOrderCount()).toBe(purchaseOrdersBefore + model.purchaseOrders);
      await expectBadge(real, this.who, model, shopper.home);
    }
    toString = () => `shopper ${this.who} submits a purchase order`;
  }

  it("keeps both carts as the model says after every step", async () => {
    const who = fc.constantFrom<Who>(0, 1);
    const via = fc.constantFrom<Who>(0, 1);
    const variant = fc.nat({ max: 1 });
    const commands = [
      fc.tuple(who, variant, fc.integer({ min: 1, max: 3 }), via).map((a) => new Add(...a)),
      fc.tuple(who, variant, fc.constantFrom<1 | -1>(1, -1), via).map((a) => new Press(...a)),
      fc.tuple(who, variant, fc.integer({ min: 0, max: 6 }), via).map((a) => new Type(...a)),
      fc.tuple(who, variant, via).map((a) => new Remove(...a)),
      who.map((a) => new SignIn(a)),
      who.map((a) => new SignOut(a)),
      fc.tuple(who, via).map((a) => new Checkout(...a)),
      who.map((a) => new SubmitPurchaseOrder(a)),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.commands(commands, { maxCommands: 25, size: "max" }),
        async (sequence) => {
          const model: Model = {
            purchaseOrders: 0,
            shoppers: [
              {
                email: DEMO_CUSTOMERS.commercial,
                commercial: true,
                home: 0,
                signedIn: false,
                lines: new Map(),
              },
              {
                email: DEMO_CUSTOMERS.everyday,
                commercial: false,
                home: 1,
                signedIn: false,
                lines: new Map(),
              },
            ],
          };
          // Each run: two new browsers, with new carts; purchase orders are counted from here.
          purchaseOrdersBefore = await purchaseOrderCount();
          const real: Real = {
            jars: [new CookieJar(), new CookieJar()],
            lineIds: [new Map(), new Map()],
          };
          await fc.asyncModelRun(() => ({ model, real }), sequence);
        },
      ),
      { numRuns: 25, endOnFailure: true },
    );
  }, 60_000);
});
