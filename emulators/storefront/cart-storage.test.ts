import { describe, expect, it } from "vitest";
import {
  type CartStorage,
  createMemoryCartStorage,
  keepingCarts,
  type StoredCart,
} from "./cart-storage";

function newCart(token: string): StoredCart {
  const now = new Date().toISOString();
  return {
    token,
    key: "key",
    lines: [],
    attributes: [],
    note: null,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
    version: 1,
  };
}

/** A storage that counts the reads it answers, and that another writer can write behind. */
function countingStorage() {
  const stored = createMemoryCartStorage();
  const storage: CartStorage & { loads: number } = {
    ...stored,
    loads: 0,
    load(token) {
      storage.loads += 1;
      return stored.load(token);
    },
  };
  return storage;
}

describe("keepingCarts", () => {
  it("answers a cart it stored or read from memory, without asking the storage", async () => {
    const storage = countingStorage();
    const kept = keepingCarts(storage);
    await kept.save(newCart("saved"));
    await storage.save(newCart("read"));
    expect((await kept.load("saved"))?.token).toBe("saved");
    expect(storage.loads).toBe(0);
    await kept.load("read");
    await kept.load("read");
    expect(storage.loads).toBe(1);
    expect(await kept.load("missing")).toBeUndefined();
    expect(storage.loads).toBe(2);
  });

  it("forgets its copy when a save finds another version stored, and reads the stored one next", async () => {
    const storage = countingStorage();
    const kept = keepingCarts(storage);
    await kept.save(newCart("cart"));
    // Another writer got there first: version 2 is stored behind the kept copy.
    await storage.save({ ...newCart("cart"), note: "theirs", version: 2 });
    expect(await kept.save({ ...newCart("cart"), note: "mine", version: 2 })).toBe(false);
    expect((await kept.load("cart"))?.note).toBe("theirs");
    expect(storage.loads).toBe(1);
  });

  it("hands out copies: changing a cart read changes nothing kept", async () => {
    const kept = keepingCarts(createMemoryCartStorage());
    await kept.save(newCart("cart"));
    const read = (await kept.load("cart")) as StoredCart;
    read.note = "scribbled";
    expect((await kept.load("cart"))?.note).toBeNull();
  });
});
