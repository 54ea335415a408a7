import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar } from "../support/customer-account-emulator";
import { copyBuildWithNewVersion } from "../support/next-build";
import { ensureNginx, type Nginx, startNginx } from "../support/nginx";
import { freePort, startOwnRedis, stopOwnRedis } from "../support/own-services";
import { type RawRequest, type RawResponse, send } from "../support/raw-http";
import {
  postgresAvailable,
  requireServiceInCi,
  throwawayPostgresDatabase,
} from "../support/services";
import { DEMO_CUSTOMERS, signInOverHttp } from "../support/shopper";
import { until } from "../support/until";

// Issue 31, item 5: a rolling deploy behind a real proxy. nginx (Debian's) sends shoppers to two
// instances of the production build on one PostgreSQL and one Redis. While anonymous shoppers,
// shoppers filling carts and a signed-in customer keep clicking, build B replaces build A one
// instance at a time, as docs/operations.md describes: B's migrations run first; then each
// instance is taken out of nginx (reload), drained (SIGTERM), started on build B, and put back
// once /readyz says it is ready. No request may fail, no cart change may be lost, every
// shopper's next page after the deploy is build B's, and a page left open in a browser on build A
// loads build B on its next navigation.

const root = fileURLToPath(new URL("../..", import.meta.url));
const buildA = path.resolve(root, process.env.LAGOON_BUILD_DIR ?? "build");
/** Beside build A, as the server bundle needs (tests/support/next-build.ts). */
const buildB = `${buildA}-rolling-b-${process.pid}`;
const PAGES = ["/", "/store/collections/pumps", "/store/products/davey-silensorpro-sls-pool-pump"];
const VARIANT = "gid://shopify/ProductVariant/47100001";
const ANONYMOUS_SHOPPERS = 3;
const CART_SHOPPERS = 2;

const postgres = await postgresAvailable();
const nginxPath = findNginx();

/** nginx, installed if need be; under CI a missing nginx fails the suite instead of skipping it. */
function findNginx(): string | null {
  try {
    return ensureNginx();
  } catch (error) {
    if (process.env.CI === "true") throw error;
    console.warn(`Skipping the rolling-deploy test: ${(error as Error).message}`);
    return null;
  }
}

/**
 * One request on a connection of its own, as a browser's request whose kept-alive connection
 * the proxy closed would be retried on a new one.
 */
function sendAlone(url: string, init: Omit<RawRequest, "path"> = {}): Promise<RawResponse> {
  const { origin, pathname, search } = new URL(url);
  return send(origin, { path: pathname + search, ...init }, { agent: false });
}

function keep(jar: CookieJar, answer: RawResponse) {
  const headers = new Headers();
  for (const cookie of answer.headers["set-cookie"] ?? []) headers.append("Set-Cookie", cookie);
  jar.store(new Response(null, { headers }));
}

/** The React Router manifest version a page was rendered with: its build. */
function buildOf(html: string): string | undefined {
  return /\/assets\/manifest-(\w+)\.js/.exec(html)?.[1];
}

interface Instance {
  port: number;
  build: string;
  process: ChildProcess;
  output: string;
}

describe.runIf(requireServiceInCi(postgres) && nginxPath !== null)(
  "a rolling deploy behind nginx",
  () => {
    const database = throwawayPostgresDatabase("lagoon_rolling");
    const scratch = mkdtempSync(path.join(tmpdir(), "lagoon-rolling-"));
    const sessionSecret = randomBytes(32).toString("hex");
    let redis: ChildProcess | undefined;
    let redisUrl = "";
    let nginx: Nginx | undefined;
    let ports: number[] = [];
    const instances = new Map<number, Instance>();
    let versions = { a: "", b: "" };
    let browser: Browser | undefined;

    /** Starts the shop of `build` on `port`; resolves once it says it is ready. */
    async function startInstance(build: string, port: number, origin: string) {
      const child = spawn(process.execPath, [path.join(build, "server-main.js")], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(port),
          HOST: "127.0.0.1",
          LAGOON_PUBLIC_URL: origin,
          LAGOON_BUILD_DIR: build,
          LAGOON_DATA_DIR: path.join(scratch, `data-${port}`),
          DATABASE_URL: database.url,
          REDIS_URL: redisUrl,
          SESSION_SECRET: sessionSecret,
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const instance: Instance = { port, build, process: child, output: "" };
      child.stdout?.on("data", (chunk) => {
        instance.output += chunk;
      });
      child.stderr?.on("data", (chunk) => {
        instance.output += chunk;
      });
      instances.set(port, instance);
      await until(
        async () => {
          if (child.exitCode !== null) throw new Error(`exited:\n${instance.output}`);
          return (await sendAlone(`http://127.0.0.1:${port}/readyz`)).status === 200;
        },
        60_000,
        { what: `the shop on ${port} (${path.basename(build)}) ready\n${instance.output}` },
      );
    }

    /** SIGTERM, as a deploy stops a process; resolves with its exit code. */
    async function drain(port: number): Promise<number | null> {
      const instance = instances.get(port);
      if (!instance || instance.process.exitCode !== null)
        return instance?.process.exitCode ?? null;
      const exited = new Promise<number | null>((resolve) =>
        instance.process.once("exit", (code) => resolve(code)),
      );
      instance.process.kill("SIGTERM");
      return exited;
    }

    beforeAll(async () => {
      versions = copyBuildWithNewVersion(buildA, buildB);
      await database.create();
      const redisPort = await freePort();
      redis = await startOwnRedis(redisPort);
      redisUrl = `redis://127.0.0.1:${redisPort}`;
      ports = [await freePort(), await freePort()];
      const nginxPort = await freePort();
      const origin = `http://127.0.0.1:${nginxPort}`;
      // Build A's instances migrate the new database as they start (one waits for the other).
      await Promise.all(ports.map((port) => startInstance(buildA, port, origin)));
      nginx = await startNginx(nginxPath as string, {
        port: nginxPort,
        ports,
        dir: path.join(scratch, "nginx"),
      });
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      for (const instance of instances.values()) {
        if (instance.process.exitCode === null) instance.process.kill("SIGKILL");
      }
      await nginx?.stop();
      await stopOwnRedis(redis);
      await Promise.all(
        [...instances.values()].map(
          (instance) =>
            instance.process.exitCode ??
            new Promise((resolve) => instance.process.once("exit", resolve)),
        ),
      );
      await database.drop().catch(() => {});
      rmSync(scratch, { recursive: true, force: true });
      if (existsSync(buildB)) rmSync(buildB, { recursive: true, force: true });
    });

    it("replaces build A by build B one instance at a time: no failed request, no lost cart change", async () => {
      const origin = (nginx as Nginx).origin;
      const failures: string[] = [];
      let requests = 0;
      let running = true;

      /** A request through nginx; anything but `expected` is a failure, with what came back. */
      async function shop(
        label: string,
        pathname: string,
        expected: number,
        init: Parameters<typeof sendAlone>[1] = {},
      ): Promise<RawResponse | null> {
        requests += 1;
        try {
          const answer = await sendAlone(`${origin}${pathname}`, init);
          if (answer.status !== expected) {
            failures.push(`${label} ${pathname}: ${answer.status} ${answer.body.slice(0, 200)}`);
            return null;
          }
          return answer;
        } catch (error) {
          failures.push(`${label} ${pathname}: ${(error as Error).message}`);
          return null;
        }
      }

      // Each shopper: the build of every page it loaded, in order.
      const seen: string[][] = [];

      const anonymous = async (index: number) => {
        const builds: string[] = [];
        seen.push(builds);
        for (let step = index; running; step += 1) {
          const page = await shop("anonymous", PAGES[step % PAGES.length] as string, 200);
          const build = page && buildOf(page.body);
          if (build) builds.push(build);
          // The open page asks which build is current, as it does every few minutes.
          await shop("anonymous", "/build-version", 200);
        }
      };

      // product §4: a cart's changes are applied one at a time, each on the cart as the one
      // before left it. Each shopper adds one pump at a time up to five, then sets the line back
      // to one, and knows what its cart must hold after each change: every answer shows the
      // cart, so a change lost (or applied twice) shows as another quantity.
      const carts: { changes: number; lost: number; quantity: number }[] = [];
      const cartShopper = async () => {
        const jar = new CookieJar();
        const cart = { changes: 0, lost: 0, quantity: 0 };
        carts.push(cart);
        let lineId = "";
        while (running) {
          const change: Record<string, string> =
            cart.quantity < 5
              ? { intent: "add", merchandiseId: VARIANT, quantity: "1" }
              : { intent: "update", lineId, quantity: "1", from: String(cart.quantity) };
          const answer = await shop("cart", "/api/cart", 200, {
            method: "POST",
            headers: {
              cookie: jar.header(),
              origin,
              "content-type": "application/x-www-form-urlencoded",
              accept: "application/json",
            },
            body: new URLSearchParams(change).toString(),
          });
          if (!answer) continue;
          keep(jar, answer);
          cart.changes += 1;
          const expected = change.intent === "add" ? cart.quantity + 1 : 1;
          const { cart: view } = JSON.parse(answer.body) as {
            cart: { totalQuantity: number; lines: { id: string }[] };
          };
          if (view.totalQuantity !== expected) cart.lost += 1;
          cart.quantity = view.totalQuantity;
          lineId = view.lines[0]?.id ?? "";
        }
      };

      // A signed-in customer going back and forth between their account and the shop. The
      // embedded identity provider keeps a sign-in in progress in its process's memory (Shopify's
      // is one service): the sign-in goes to one instance. The session is then good on every
      // instance, of either build (the shared database, SESSION_SECRET).
      await (nginx as Nginx).route(ports.slice(0, 1));
      const jar = await signInOverHttp(origin, DEMO_CUSTOMERS.everyday);
      await (nginx as Nginx).route(ports);
      let accountPages = 0;
      const customer = async () => {
        for (let step = 0; running; step += 1) {
          const pathname = step % 2 === 0 ? "/account" : (PAGES[step % PAGES.length] as string);
          const answer = await shop("customer", pathname, 200, {
            headers: { cookie: jar.header() },
          });
          if (answer && pathname === "/account") {
            if (answer.body.includes("Olivia")) accountPages += 1;
            else failures.push("customer /account: the page does not show the customer");
          }
        }
      };

      // And a page open in a browser on build A: it checked the build once, 1 s after loading.
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
        args: [
          "--no-sandbox",
          "--disable-gpu",
          "--disable-background-networking",
          "--no-first-run",
        ],
      });
      const page = await browser.newPage();
      const manifestVersion = () => page.evaluate(() => window.__reactRouterManifest?.version);
      const buildChecked = (version: string) =>
        page.waitForResponse(
          async (response) =>
            new URL(response.url()).pathname === "/build-version" &&
            ((await response.json()) as { version: string }).version === version,
        );
      const firstCheck = buildChecked(versions.a);
      await page.goto(`${origin}/store/collections/pumps`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await firstCheck;
      expect(await manifestVersion()).toBe(versions.a);

      const shoppers = [
        ...Array.from({ length: ANONYMOUS_SHOPPERS }, (_, index) => anonymous(index)),
        ...Array.from({ length: CART_SHOPPERS }, () => cartShopper()),
        customer(),
      ];

      // The deploy, while they shop. B's migrations first, as their own step.
      const migrated = await new Promise<number | null>((resolve) => {
        const migrate = spawn(process.execPath, [path.join(buildB, "db-migrate.js")], {
          cwd: root,
          env: { ...process.env, DATABASE_URL: database.url },
          stdio: "ignore",
        });
        migrate.on("exit", resolve);
      });
      expect(migrated).toBe(0);
      const deployed: number[] = [];
      for (const port of ports) {
        const others = ports.filter((other) => other !== port);
        await (nginx as Nginx).route(others);
        expect(await drain(port)).toBe(0);
        await startInstance(buildB, port, origin);
        deployed.push(port);
        await (nginx as Nginx).route([
          ...others.filter((other) => !deployed.includes(other)),
          ...deployed,
        ]);
      }

      // The open page, back in view, checks again and finds build B: its next link is a document
      // load (app/components/shell/new-build.ts), onto build B.
      let documents = 0;
      page.on("request", (sent) => {
        if (sent.isNavigationRequest() && sent.frame() === page.mainFrame()) documents += 1;
      });
      const secondCheck = buildChecked(versions.b);
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await secondCheck;
      await page.getByRole("link", { name: "Davey SilensorPro SLS Pool Pump" }).first().click();
      await page.waitForURL(/\/store\/products\//);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      expect(documents).toBe(1);
      expect(await manifestVersion()).toBe(versions.b);

      // After the deploy: every shopper's next page is build B's.
      const pagesBefore = seen.map((builds) => builds.length);
      await until(
        async () => seen.every((builds, index) => builds.length > (pagesBefore[index] ?? 0)),
        30_000,
        { what: "every shopper loaded another page" },
      );
      running = false;
      await Promise.all(shoppers);

      expect(failures, failures.join("\n")).toEqual([]);
      expect(seen.every((builds) => builds[0] === versions.a)).toBe(true);
      const next = seen.map((builds, index) => builds[pagesBefore[index] ?? 0]);
      expect(next).toEqual(seen.map(() => versions.b));
      for (const cart of carts) {
        expect(cart.changes).toBeGreaterThan(0);
        expect(cart.lost).toBe(0);
      }
      expect(accountPages).toBeGreaterThan(0);
      console.warn(
        `rolling deploy: ${requests} requests, ${failures.length} failed; cart changes ${carts
          .map((cart) => `${cart.changes} made, ${cart.lost} lost`)
          .join(
            "; ",
          )}; ${accountPages} account pages; ${next.length} of ${seen.length} shoppers' next page on build B`,
      );
      expect((nginx as Nginx).errors()).not.toMatch(/\[(error|crit|alert|emerg)\]/);
    }, 180_000);
  },
);
