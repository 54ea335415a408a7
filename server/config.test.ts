import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, isFullyEmbedded, readConfig, testControlsEnabled } from "./config";

const dataDirs: string[] = [];
/** A data directory of the test's own, as LAGOON_DATA_DIR names it. */
function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "lagoon-config-"));
  dataDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("readConfig", () => {
  it("starts fully embedded with no credentials", () => {
    const config = readConfig({});
    expect(isFullyEmbedded(config)).toBe(true);
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it("connects each upstream on its own", () => {
    const config = readConfig({
      SHOPIFY_STORE_DOMAIN: "coral-bay.myshopify.com",
      SHOPIFY_STOREFRONT_API_TOKEN: "public-token",
    });
    expect(config.storefront).toMatchObject({
      mode: "connected",
      storeDomain: "coral-bay.myshopify.com",
    });
    expect(config.content.mode).toBe("embedded");
    expect(config.customerAccount.mode).toBe("embedded");
  });

  it("names the missing variable of a half-configured upstream", () => {
    expect(() => readConfig({ SHOPIFY_STORE_DOMAIN: "coral-bay.myshopify.com" })).toThrow(
      /SHOPIFY_STOREFRONT_API_TOKEN/,
    );
    expect(() => readConfig({ MAILCHIMP_API_KEY: "key-us21" })).toThrow(/MAILCHIMP_AUDIENCE_ID/);
    expect(() => readConfig({ SHOPIFY_SHOP_ID: "123" })).toThrow(ConfigError);
  });

  it("wants a Mailchimp key that names its data centre, and gives embedded mode the emulator's key", () => {
    expect(() =>
      readConfig({ MAILCHIMP_API_KEY: "0123456789abcdef", MAILCHIMP_AUDIENCE_ID: "a1b2" }),
    ).toThrow(/MAILCHIMP_API_KEY/);
    expect(
      readConfig({ MAILCHIMP_API_KEY: "0123456789abcdef-us21", MAILCHIMP_AUDIENCE_ID: "a1b2" })
        .newsletter,
    ).toEqual({ mode: "connected", apiKey: "0123456789abcdef-us21", audienceId: "a1b2" });
    expect(readConfig({}).newsletter).toMatchObject({
      mode: "embedded",
      apiKey: expect.any(String),
    });
  });

  it("reads LAGOON_STAFF_EMAIL as a comma-separated list, with the demo's address by default", () => {
    expect(readConfig({}).staffEmails).toEqual(["staff@lagoon.example"]);
    expect(
      readConfig({ LAGOON_STAFF_EMAIL: " ops@coralbay.example ,sales@coralbay.example," })
        .staffEmails,
    ).toEqual(["ops@coralbay.example", "sales@coralbay.example"]);
    expect(() => readConfig({ LAGOON_STAFF_EMAIL: "ops@coralbay.example, sales" })).toThrow(
      /LAGOON_STAFF_EMAIL/,
    );
  });

  it("treats empty variables as unset", () => {
    expect(readConfig({ SHOPIFY_STORE_DOMAIN: "", DATABASE_URL: " " }).storefront.mode).toBe(
      "embedded",
    );
  });

  it("rejects malformed values with the variable's name", () => {
    expect(() => readConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => readConfig({ GTM_ID: "UA-123" })).toThrow(/GTM_ID/);
    expect(() => readConfig({ LAGOON_EMULATOR_FAULTS: "{not json" })).toThrow(
      /LAGOON_EMULATOR_FAULTS/,
    );
    expect(readConfig({ GTM_ID: "GTM-AB12CD" }).gtmId).toBe("GTM-AB12CD");
  });

  it("requires a session secret in production when accounts are real", () => {
    const shopify = { SHOPIFY_CUSTOMER_ACCOUNT_CLIENT_ID: "client", SHOPIFY_SHOP_ID: "42" };
    expect(() => readConfig({ NODE_ENV: "production", ...shopify })).toThrow(/SESSION_SECRET/);
    expect(
      readConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(32), ...shopify })
        .customerAccount.mode,
    ).toBe("connected");
  });

  it("makes a random session secret when none is set, and keeps it in the data directory", () => {
    const dataDir = newDataDir();
    const first = readConfig({ NODE_ENV: "production", LAGOON_DATA_DIR: dataDir });
    // The secret the embedded shop used to fall back on was published in its source.
    expect(first.sessionSecret).not.toBe("lagoon-embedded-development-secret");
    expect(Buffer.from(first.sessionSecret, "base64url").length).toBeGreaterThanOrEqual(32);
    // A restart keeps it, so sessions and decision links outlive it.
    expect(readConfig({ LAGOON_DATA_DIR: dataDir }).sessionSecret).toBe(first.sessionSecret);
    const [file] = readdirSync(dataDir);
    expect(statSync(path.join(dataDir, file as string)).mode & 0o077).toBe(0);
    // Another shop's data directory, another secret.
    expect(readConfig({ LAGOON_DATA_DIR: newDataDir() }).sessionSecret).not.toBe(
      first.sessionSecret,
    );
  });

  it("uses SESSION_SECRET when it is set, and writes nothing", () => {
    const dataDir = newDataDir();
    const config = readConfig({ SESSION_SECRET: "s".repeat(32), LAGOON_DATA_DIR: dataDir });
    expect(config.sessionSecret).toBe("s".repeat(32));
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("refuses a kept session secret it cannot use, naming the file", () => {
    const dataDir = newDataDir();
    readConfig({ LAGOON_DATA_DIR: dataDir });
    const [file] = readdirSync(dataDir);
    writeFileSync(path.join(dataDir, file as string), "\n");
    expect(() => readConfig({ LAGOON_DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(() => readConfig({ LAGOON_DATA_DIR: dataDir })).toThrow(file as string);
  });

  it("says what to set when it cannot keep a session secret", () => {
    const notADirectory = path.join(newDataDir(), "file");
    writeFileSync(notADirectory, "");
    expect(() => readConfig({ LAGOON_DATA_DIR: notADirectory })).toThrow(ConfigError);
    expect(() => readConfig({ LAGOON_DATA_DIR: notADirectory })).toThrow(/SESSION_SECRET/);
  });

  it("signs the embedded Shopify webhooks with a secret nobody else knows", () => {
    const first = readConfig({ LAGOON_DATA_DIR: newDataDir() }).storefront.webhookSecret;
    const second = readConfig({ LAGOON_DATA_DIR: newDataDir() }).storefront.webhookSecret;
    expect(first).toBeDefined();
    expect(first).not.toBe("lagoon-embedded-shopify-webhook-secret");
    expect(first).not.toBe(second);
    expect(
      readConfig({ LAGOON_DATA_DIR: newDataDir(), SHOPIFY_WEBHOOK_SECRET: "set" }).storefront
        .webhookSecret,
    ).toBe("set");
  });

  it("keeps the page cache on unless LAGOON_PAGE_CACHE=off, and refuses any other value", () => {
    expect(readConfig({}).pageCache).toBe(true);
    expect(readConfig({ LAGOON_PAGE_CACHE: "" }).pageCache).toBe(true);
    expect(readConfig({ LAGOON_PAGE_CACHE: "on" }).pageCache).toBe(true);
    expect(readConfig({ LAGOON_PAGE_CACHE: "off" }).pageCache).toBe(false);
    expect(() => readConfig({ LAGOON_PAGE_CACHE: "false" })).toThrow(ConfigError);
    expect(() => readConfig({ LAGOON_PAGE_CACHE: "OFF" })).toThrow(/LAGOON_PAGE_CACHE/);
  });

  it("opens the emulators' private pages to all only with LAGOON_DEMO_PUBLIC=1", () => {
    const dataDir = newDataDir();
    expect(readConfig({ LAGOON_DATA_DIR: dataDir }).demoPublic).toBe(false);
    expect(readConfig({ LAGOON_DATA_DIR: dataDir, LAGOON_DEMO_PUBLIC: "0" }).demoPublic).toBe(
      false,
    );
    expect(readConfig({ LAGOON_DATA_DIR: dataDir, LAGOON_DEMO_PUBLIC: "1" }).demoPublic).toBe(true);
    expect(() => readConfig({ LAGOON_DATA_DIR: dataDir, LAGOON_DEMO_PUBLIC: "yes" })).toThrow(
      /LAGOON_DEMO_PUBLIC/,
    );
  });

  it("trusts a proxy on loopback unless TRUST_PROXY says which, and refuses what is not one", () => {
    expect(readConfig({}).trustProxy).toEqual(["loopback"]);
    expect(readConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(0);
    expect(readConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: "10.0.3.7, 10.0.4.0/24,loopback" }).trustProxy).toEqual([
      "10.0.3.7",
      "10.0.4.0/24",
      "loopback",
    ]);
    expect(readConfig({ TRUST_PROXY: "fd00::/8" }).trustProxy).toEqual(["fd00::/8"]);
    for (const wrong of ["true", "10.0.3.7/33", "proxy.internal", "10.0.3.7/24/1", "-1"]) {
      expect(() => readConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });

  it("takes the page cache's budget of misses per client from LAGOON_MISS_BUDGET", () => {
    expect(readConfig({}).missBudget).toEqual({
      renders: { burst: 10, perSecond: 1 },
      stores: { burst: 30, perSecond: 1 },
    });
    expect(readConfig({ LAGOON_MISS_BUDGET: "200/20,100/2.5" }).missBudget).toEqual({
      renders: { burst: 200, perSecond: 20 },
      stores: { burst: 100, perSecond: 2.5 },
    });
    for (const wrong of ["60/6", "60,30", "a/b,c/d", "60/6,30/1,1/1", "-1/6,30/1"]) {
      expect(() => readConfig({ LAGOON_MISS_BUDGET: wrong }), wrong).toThrow(/LAGOON_MISS_BUDGET/);
    }
  });

  it("opens a metrics listener only with METRICS_PORT, on loopback unless METRICS_HOST", () => {
    expect(readConfig({}).metrics).toBeUndefined();
    expect(readConfig({ METRICS_PORT: "9464" }).metrics).toEqual({
      port: 9464,
      host: "127.0.0.1",
    });
    expect(readConfig({ METRICS_PORT: "9464", METRICS_HOST: "10.0.3.7" }).metrics).toEqual({
      port: 9464,
      host: "10.0.3.7",
    });
    expect(() => readConfig({ METRICS_PORT: "metrics" })).toThrow(/METRICS_PORT/);
    expect(() => readConfig({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT/);
  });

  it("mounts the emulators' test controls only when LAGOON_TEST_CONTROLS=1", () => {
    expect(testControlsEnabled({})).toBe(false);
    expect(testControlsEnabled({ LAGOON_TEST_CONTROLS: "true" })).toBe(false);
    expect(testControlsEnabled({ LAGOON_TEST_CONTROLS: "1" })).toBe(true);
  });
});
