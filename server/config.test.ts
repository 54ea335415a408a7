import { describe, expect, it } from "vitest";
import { ConfigError, isFullyEmbedded, readConfig, testControlsEnabled } from "./config";

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

  it("keeps the page cache on unless LAGOON_PAGE_CACHE=off, and refuses any other value", () => {
    expect(readConfig({}).pageCache).toBe(true);
    expect(readConfig({ LAGOON_PAGE_CACHE: "" }).pageCache).toBe(true);
    expect(readConfig({ LAGOON_PAGE_CACHE: "on" }).pageCache).toBe(true);
    expect(readConfig({ LAGOON_PAGE_CACHE: "off" }).pageCache).toBe(false);
    expect(() => readConfig({ LAGOON_PAGE_CACHE: "false" })).toThrow(ConfigError);
    expect(() => readConfig({ LAGOON_PAGE_CACHE: "OFF" })).toThrow(/LAGOON_PAGE_CACHE/);
  });

  it("mounts the emulators' test controls only when LAGOON_TEST_CONTROLS=1", () => {
    expect(testControlsEnabled({})).toBe(false);
    expect(testControlsEnabled({ LAGOON_TEST_CONTROLS: "true" })).toBe(false);
    expect(testControlsEnabled({ LAGOON_TEST_CONTROLS: "1" })).toBe(true);
  });
});
