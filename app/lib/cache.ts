export interface CacheOptions {
  /** How long a value is fresh. Fractions are fine (0.25 = 250 ms). */
  ttlSeconds: number;
  /** How long after that `fetch` may still serve it while refreshing in the background. */
  swrSeconds?: number;
}

export interface Cache {
  /** A fresh value, or undefined (stale values are only served by `fetch`, which refreshes them). */
  get<T>(key: string): Promise<T | undefined>;
  /**
   * Values must be JSON-serialisable; they come back as JSON would return them, frozen: readers
   * share what was read from the store, so nobody may change it.
   */
  set<T>(key: string, value: T, options: CacheOptions): Promise<void>;
  delete(key: string): Promise<void>;
  /** E.g. clear all content entries. */
  deleteByPrefix(prefix: string): Promise<void>;
  /**
   * Fresh value from cache, or stale value (refreshing in the background), or fetch. Concurrent
   * misses for the same key share one fetch (per process). A failing background refresh keeps
   * serving stale and logs a warning; a failing fetch on a miss throws. A fetcher that returns
   * undefined is not cached.
   *
   * The fetcher gets the load's own signal, not a caller's: it aborts once every caller that
   * waits for the load (each with its `signal`) has gone. A background refresh has no caller, so
   * its fetcher must bound itself (a deadline). A caller should stop waiting on its own signal.
   */
  fetch<T>(
    key: string,
    fetcher: (signal: AbortSignal) => Promise<T>,
    options: CacheOptions,
    signal?: AbortSignal,
  ): Promise<T>;
  /**
   * Adds one to a counter and returns the new count. The counter starts at 1 and is gone
   * `windowSeconds` after its first increment (a fixed window), atomically across processes.
   */
  increment(key: string, windowSeconds: number): Promise<number>;
  close(): Promise<void>;
}

/** pino's `logger.warn(details, message)` fits. */
export interface CacheLogger {
  warn(details: { err?: unknown; [key: string]: unknown }, message: string): void;
}
