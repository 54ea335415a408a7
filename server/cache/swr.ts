import { LRUCache } from "lru-cache";
import type { Cache, CacheLogger, CacheOptions } from "../../app/lib/cache";

/**
 * What a store keeps: serialised text, so the in-process store behaves exactly like Redis
 * (a Date comes back as a string in both).
 */
export interface RawStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, text: string, expiresInMs: number): Promise<void>;
  /** Bytes kept as they are (stored pages): no JSON, no base64. */
  getBytes(key: string): Promise<Buffer | undefined>;
  setBytes(key: string, bytes: Buffer, expiresInMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  deleteByPrefix(prefix: string): Promise<void>;
  /** A counter's new value; the first increment starts its expiry. */
  increment(key: string, expiresInMs: number): Promise<number>;
  close(): Promise<void>;
}

/** Epoch milliseconds, not a monotonic clock, so every process sharing Redis reads them alike. */
interface Envelope {
  value: unknown;
  freshUntil: number;
  staleUntil: number;
}

type Fetcher<T> = (signal: AbortSignal) => Promise<T>;

/** A load in flight, and how many callers still wait for it (Infinity: one that always will). */
interface Load {
  promise: Promise<unknown>;
  controller: AbortController;
  waiting: number;
}

export const consoleCacheLogger: CacheLogger = {
  warn: ({ err, ...details }, message) => {
    const reason = err instanceof Error ? `: ${err.message}` : "";
    console.warn(`${message}${reason}`, details);
  },
};

/**
 * How much stored text (in UTF-16 code units) the parsed entries may stand for. A page reads
 * the same entries again and again (the shop's frame, a product): parsed anew each time, they
 * cost an uncached product page the parse and, above all, the garbage it left (decision 009).
 */
const PARSED_MAX_CHARS = 8 * 1024 * 1024;

export function createSwrCache(
  store: RawStore,
  { logger = consoleCacheLogger }: { logger?: CacheLogger } = {},
): Cache {
  // One in-flight load per key, shared by concurrent misses and background refreshes.
  const inFlight = new Map<string, Load>();
  const parsed = createParsedEntries(PARSED_MAX_CHARS);

  async function read(key: string): Promise<Envelope | undefined> {
    const text = await store.get(key);
    if (text === undefined) return undefined;
    const known = parsed.get(key, text);
    if (known) return known;
    const envelope = parseEnvelope(text);
    if (!envelope) logger.warn({ key }, "Ignoring an unreadable cache entry");
    else parsed.set(key, text, envelope);
    return envelope;
  }

  async function write(key: string, value: unknown, options: CacheOptions): Promise<void> {
    const { ttlMs, swrMs } = durations(options);
    const now = Date.now();
    const envelope: Envelope = { value, freshUntil: now + ttlMs, staleUntil: now + ttlMs + swrMs };
    await store.set(key, JSON.stringify(envelope), ttlMs + swrMs);
  }

  /**
   * The key's load, started or joined. `signal` is the caller's: once every caller waiting for a
   * load has gone, the load's own signal aborts, so nobody's read goes on for nobody. A caller
   * without one (a background refresh) keeps the load going until the fetcher ends it.
   */
  function load<T>(
    key: string,
    fetcher: Fetcher<T>,
    options: CacheOptions,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const joined = inFlight.get(key);
    if (joined) {
      wait(joined, signal);
      return joined.promise as Promise<T>;
    }
    const controller = new AbortController();
    // Started on a later tick, so even a fetcher that throws synchronously settles after
    // the load is registered and is then removed again.
    const promise: Promise<T> = Promise.resolve().then(async () => {
      try {
        const value = await fetcher(controller.signal);
        // A delete while we were fetching removed us from inFlight: the value may predate the
        // change that caused the delete, so hand it to our callers but don't cache it.
        if (value !== undefined && inFlight.get(key) === started) {
          await write(key, value, options).catch((error: unknown) => {
            logger.warn({ key, err: error }, "Could not write to the cache; serving uncached");
          });
        }
        return value;
      } finally {
        if (inFlight.get(key) === started) inFlight.delete(key);
      }
    });
    const started: Load = { promise, controller, waiting: 0 };
    inFlight.set(key, started);
    wait(started, signal);
    return promise;
  }

  function wait(load: Load, signal: AbortSignal | undefined) {
    if (!signal) {
      load.waiting = Number.POSITIVE_INFINITY;
      return;
    }
    load.waiting += 1;
    const leave = () => {
      load.waiting -= 1;
      if (load.waiting === 0) load.controller.abort(signal.reason);
    };
    if (signal.aborted) leave();
    else {
      signal.addEventListener("abort", leave, { once: true });
      load.promise.then(
        () => signal.removeEventListener("abort", leave),
        () => signal.removeEventListener("abort", leave),
      );
    }
  }

  return {
    async get<T>(key: string): Promise<T | undefined> {
      const envelope = await read(key);
      if (!envelope || Date.now() >= envelope.freshUntil) return undefined;
      return envelope.value as T;
    },

    async set<T>(key: string, value: T, options: CacheOptions): Promise<void> {
      if (value === undefined) throw new TypeError("The cache cannot store undefined");
      await write(key, value, options);
    },

    async delete(key: string): Promise<void> {
      inFlight.delete(key);
      await store.delete(key);
    },

    async deleteByPrefix(prefix: string): Promise<void> {
      for (const key of inFlight.keys()) {
        if (key.startsWith(prefix)) inFlight.delete(key);
      }
      await store.deleteByPrefix(prefix);
    },

    async fetch<T>(
      key: string,
      fetcher: Fetcher<T>,
      options: CacheOptions,
      signal?: AbortSignal,
    ): Promise<T> {
      durations(options);
      let envelope: Envelope | undefined;
      try {
        envelope = await read(key);
      } catch (error) {
        // A cache that is down slows pages; it must not break them.
        logger.warn({ key, err: error }, "Could not read the cache; fetching directly");
      }

      const now = Date.now();
      if (envelope && now < envelope.freshUntil) return envelope.value as T;
      if (envelope && now < envelope.staleUntil) {
        if (!inFlight.has(key)) {
          load(key, fetcher, options, undefined).catch((error: unknown) => {
            logger.warn({ key, err: error }, "Background refresh failed; still serving stale");
          });
        }
        return envelope.value as T;
      }
      return load(key, fetcher, options, signal);
    },

    increment(key: string, windowSeconds: number): Promise<number> {
      const { ttlMs } = durations({ ttlSeconds: windowSeconds });
      return store.increment(key, ttlMs);
    },

    close: () => store.close(),
  };
}

function durations(options: CacheOptions): { ttlMs: number; swrMs: number } {
  const { ttlSeconds, swrSeconds = 0 } = options;
  if (!(Number.isFinite(ttlSeconds) && ttlSeconds > 0)) {
    throw new RangeError(`ttlSeconds must be a positive number, got ${ttlSeconds}`);
  }
  if (!(Number.isFinite(swrSeconds) && swrSeconds >= 0)) {
    throw new RangeError(`swrSeconds must be zero or more, got ${swrSeconds}`);
  }
  return { ttlMs: ttlSeconds * 1000, swrMs: swrSeconds * 1000 };
}

/**
 * Entries parsed before, by key, each kept with the text it was parsed from: a store that holds
 * other text for the key now (written since, by this process or another) gets it parsed again.
 * The values are frozen, since every reader shares them. The least recently read go first.
 */
function createParsedEntries(maxChars: number) {
  const entries = new LRUCache<string, { text: string; envelope: Envelope }>({
    maxSize: maxChars,
    sizeCalculation: (entry) => Math.max(1, entry.text.length),
  });
  return {
    get(key: string, text: string): Envelope | undefined {
      const entry = entries.get(key);
      return entry?.text === text ? entry.envelope : undefined;
    },
    set(key: string, text: string, envelope: Envelope): void {
      deepFreeze(envelope.value);
      // An entry larger than the bound is not kept (and drops the key's older one).
      entries.set(key, { text, envelope });
    },
  };
}

function deepFreeze(value: unknown): void {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
}

function parseEnvelope(text: string): Envelope | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      "value" in parsed &&
      "freshUntil" in parsed &&
      typeof parsed.freshUntil === "number" &&
      "staleUntil" in parsed &&
      typeof parsed.staleUntil === "number"
    ) {
      return { value: parsed.value, freshUntil: parsed.freshUntil, staleUntil: parsed.staleUntil };
    }
  } catch {
    // Falls through: unreadable entries count as misses.
  }
  return undefined;
}
