import { afterEach, describe, expect, it, vi } from "vitest";
import {
  postgresAvailable,
  redisAvailable,
  requireServiceInCi,
  type ServiceProbe,
} from "./services";

const down: ServiceProbe = {
  name: "Redis",
  url: "redis://127.0.0.1:1",
  available: false,
  reason: "connect ECONNREFUSED 127.0.0.1:1",
};

describe("requireServiceInCi", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("runs the suite when the service answered", () => {
    expect(requireServiceInCi({ ...down, available: true }, { CI: "true" })).toBe(true);
  });

  it("skips with a warning that names the service and why, outside CI", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(requireServiceInCi(down, {})).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Redis at redis://127.0.0.1:1"));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("ECONNREFUSED"));
  });

  it("fails instead of skipping in CI", () => {
    expect(() => requireServiceInCi(down, { CI: "true" })).toThrow(/CI=true/);
  });
});

describe("probes", () => {
  it("report a service that does not answer, quickly", async () => {
    const started = Date.now();
    const [postgres, redis] = await Promise.all([
      postgresAvailable("postgres://postgres@127.0.0.1:1/test"),
      redisAvailable("redis://127.0.0.1:1"),
    ]);
    expect(postgres).toMatchObject({ name: "PostgreSQL", available: false });
    expect(redis).toMatchObject({ name: "Redis", available: false });
    expect(postgres.reason).toMatch(/ECONNREFUSED/);
    expect(redis.reason).toMatch(/ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
