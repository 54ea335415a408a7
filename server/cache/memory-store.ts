import { LRUCache } from "lru-cache";
import type { RawStore } from "./swr";

export const DEFAULT_MAX_ENTRIES = 5_000;

export function createMemoryStore({ maxEntries = DEFAULT_MAX_ENTRIES } = {}): RawStore {
  const entries = new LRUCache<string, string>({ max: maxEntries });
  return {
    get: async (key) => entries.get(key),
    set: async (key, text, expiresInMs) => {
      entries.set(key, text, { ttl: Math.max(1, Math.ceil(expiresInMs)) });
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
      const ttl = count === 1 ? Math.max(1, Math.ceil(expiresInMs)) : entries.getRemainingTTL(key);
      entries.set(key, String(count), { ttl: Math.max(1, ttl) });
      return count;
    },
    close: async () => {
      entries.clear();
    },
  };
}
