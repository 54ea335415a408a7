import { describe, expect, it, vi } from "vitest";
import { readConfig } from "../../../tests/support/server-parts";
import { ensureFreshSession, REFRESH_RETRY_DELAYS_MS, safeReturnTo } from "./auth.server";
import { IdentityProviderUnavailableError, RefreshRejectedError } from "./oidc.server";
import type { CustomerSession } from "./session.server";

const config = readConfig({});
const expired: CustomerSession = {
  accessToken: "a.b.c",
  accessTokenExpiresAt: Date.now() - 1000,
  refreshToken: "refresh-1",
  idToken: "x.y.z",
};
const fresh = (token: string): CustomerSession => ({
  ...expired,
  accessToken: token,
  accessTokenExpiresAt: Date.now() + 60_000,
});

describe("ensureFreshSession (SPEC.md §4)", () => {
  it("keeps a valid session without calling the provider", async () => {
    const refresh = vi.fn();
    const outcome = await ensureFreshSession(config, fresh("a.b.c"), {}, refresh);
    expect(outcome).toMatchObject({ status: "valid", refreshed: false });
    expect(refresh).not.toHaveBeenCalled();
  });

  it("refreshes an expired access token once", async () => {
    const refresh = vi.fn(async () => fresh("d.e.f"));
    const outcome = await ensureFreshSession(config, expired, {}, refresh);
    expect(outcome).toMatchObject({
      status: "valid",
      refreshed: true,
      session: { accessToken: "d.e.f" },
    });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("treats a token without three parts as invalid", async () => {
    const refresh = vi.fn(async () => fresh("d.e.f"));
    await ensureFreshSession(config, { ...fresh("opaque"), accessToken: "opaque" }, {}, refresh);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("retries a provider that is down 3 times, waiting 1 s, 2 s and 3 s", async () => {
    const waits: number[] = [];
    const refresh = vi
      .fn()
      .mockRejectedValueOnce(new IdentityProviderUnavailableError("down"))
      .mockRejectedValueOnce(new IdentityProviderUnavailableError("down"))
      .mockRejectedValueOnce(new IdentityProviderUnavailableError("down"))
      .mockResolvedValueOnce(fresh("g.h.i"));
    const outcome = await ensureFreshSession(
      config,
      expired,
      { sleep: async (ms) => void waits.push(ms) },
      refresh,
    );
    expect(outcome.status).toBe("valid");
    expect(waits).toEqual([...REFRESH_RETRY_DELAYS_MS]);
    expect(REFRESH_RETRY_DELAYS_MS).toEqual([1000, 2000, 3000]);
  });

  it("never signs out on transient failures: it reports the provider unavailable", async () => {
    const refresh = vi.fn().mockRejectedValue(new IdentityProviderUnavailableError("down"));
    const outcome = await ensureFreshSession(config, expired, { sleep: async () => {} }, refresh);
    expect(outcome).toEqual({ status: "unavailable" });
    expect(refresh).toHaveBeenCalledTimes(4);
  });

  it("ends the session at once when the provider rejects the refresh token", async () => {
    const refresh = vi.fn().mockRejectedValue(new RefreshRejectedError("invalid_grant"));
    const outcome = await ensureFreshSession(config, expired, { sleep: async () => {} }, refresh);
    expect(outcome).toEqual({ status: "rejected" });
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe("safeReturnTo", () => {
  it("accepts same-site paths only", () => {
    expect(safeReturnTo("/account/orders/1?x=1")).toBe("/account/orders/1?x=1");
    expect(safeReturnTo("https://evil.example/")).toBe("/account");
    expect(safeReturnTo("//evil.example/")).toBe("/account");
    expect(safeReturnTo("/\\evil.example")).toBe("/account");
    expect(safeReturnTo(null, "/")).toBe("/");
  });
});
