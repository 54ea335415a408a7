import { LRUCache } from "lru-cache";
import type { RawStore } from "./swr";

export const DEFAULT_MAX_ENTRIES = 5_000;
/** Stored pages are tens of kilobytes each: the process's cache is bounded by what it holds. */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * An LRU bounded in entries and in bytes (a string counts two bytes a character, as V8 may).
 * With `renewOnRead`, reading bytes starts their expiry again: they last while they are read.
 */
export function createMemoryStore({
  maxEntries = DEFAULT_MAX_ENTRIES,
  maxBytes = DEFAULT_MAX_BYTES,
  renewOnRead = false,
} = {}): RawStore {
  const entries = new LRUCache<string, string | Buffer>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (value, key) =>
      Math.max(1, key.length * 2 + (typeof value === "string" ? value.length * 2 : value.length)),
  });
  const ttlOf = (expiresInMs: number) => Math.max(1, Math.ceil(expiresInMs));
  return {
    get: async (key) => {
      const value = entries.get(key);
      return typeof value === "string" ? value : undefined;
    },
    set: async (key, text, expiresInMs) => {
      entries.set(key, text, { ttl: ttlOf(expiresInMs) });
    },
    getBytes: async (key) => {
      const value = entries.get(key, { updateAgeOnGet: renewOnRead });
      return Buffer.isBuffer(value) ? value : undefined;
    },
    setBytes: async (key, bytes, expiresInMs) => {
      entries.set(key, bytes, { ttl: ttlOf(expiresInMs) });
    },
    delete: async (key) => {
      entries.delete(key);
    },
    deleteByPrefix: async (prefix) => {
      for (const key of [...entries.keys()]) {
        if (key.startsWith(prefix)) entries.delete(key);
      }
    },
    increment: async (key, expiresInMs) => {
      // One thread: the read and the write cannot interleave with another increment.
      const count = Number(entries.get(key) ?? 0) + 1;
      const ttl = count === 1 ? ttlOf(expiresInMs) : entries.getRemainingTTL(key);
      entries.set(key, String(count), { ttl: Math.max(1, ttl) });
      return count;
    },
    close: async () => {
      entries.clear();
    },
  };
}
