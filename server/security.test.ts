import { describe, expect, it } from "vitest";
import { nextNonce } from "./security";

describe("CSP nonces", () => {
  it("are 128 random bits each, never the same twice, across many refills of the pool", () => {
    const nonces = Array.from({ length: 2000 }, nextNonce);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
