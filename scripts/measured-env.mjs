/**
 * The environment a measured server inherits from the bench: the caller's, less test-only
 * settings and what the bench sets itself, so that it runs as production does. `embedded` also
 * drops DATABASE_URL and REDIS_URL; otherwise the caller's choice of services carries through.
 */
export function measuredEnv({ embedded = false } = {}) {
  const inherited = { ...process.env };
  for (const key of [
    "LAGOON_TEST_CONTROLS",
    "LAGOON_EMULATOR_FAULTS",
    "LAGOON_PAGE_CACHE",
    "LAGOON_PUBLIC_URL",
    "LOG_LEVEL",
    "HOST",
    "METRICS_PORT",
    "METRICS_HOST",
    ...(embedded ? ["REDIS_URL", "DATABASE_URL"] : []),
  ]) {
    delete inherited[key];
  }
  return inherited;
}
