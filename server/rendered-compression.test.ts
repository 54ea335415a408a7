import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closeAppBuild,
  type LagoonInstance,
  loadAppBuild,
  startLagoon,
} from "../tests/support/lagoon-server";
import { compressRendered } from "./app-request-handler";

// Decision 009: what is rendered per request goes out compressed whole, once, in the encoding the
// browser prefers, with its length; what is small, a HEAD or not text goes out as it is.

const PRODUCT = "/store/products/davey-silensorpro-sls-pool-pump";
// A cart cookie makes the page personal: it is rendered for this request, never served stored.
const PERSONAL = { cookie: "lagoon_cart=e30%3D" };

let build: ServerBuild;
let shop: LagoonInstance;
beforeAll(async () => {
  build = await loadAppBuild();
  shop = await startLagoon({ build, env: { LAGOON_TEST_CONTROLS: "1" } });
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await closeAppBuild();
});

/** The answer's bytes as sent (fetch would decode them). */
function raw(path: string, headers: Record<string, string>, method = "GET") {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const url = new URL(path, shop.origin);
      request(url, { method, headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
        answer.on("error", reject);
      })
        .on("error", reject)
        .end();
    },
  );
}

describe("a rendered page", () => {
  it("is sent whole in brotli, or gzip, with its length, and reads back as the page", async () => {
    const plain = await raw(PRODUCT, { ...PERSONAL });
    expect(plain.headers["x-lagoon-cache"]).toBe("BYPASS");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const page = plain.body.toString();
    expect(page).toContain("Davey SilensorPro SLS Pool Pump");

    const br = await raw(PRODUCT, { ...PERSONAL, "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.body.length).toBeLessThan(page.length / 3);
    // The same page but for what changes per render (nonce, form key).
    const decoded = brotliDecompressSync(br.body).toString();
    expect(decoded.length).toBeGreaterThan(page.length * 0.95);
    expect(decoded).toContain("Davey SilensorPro SLS Pool Pump");
    expect(decoded.endsWith("</html>") || decoded.trimEnd().endsWith("</script>")).toBe(true);

    const gzip = await raw(PRODUCT, { ...PERSONAL, "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toContain("Davey SilensorPro SLS Pool Pump");
  });

  it("is sent as it is to a HEAD, and to a browser that refuses brotli and gzip", async () => {
    const head = await raw(PRODUCT, { ...PERSONAL, "accept-encoding": "br" }, "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.body.length).toBe(0);
    const refused = await raw(PRODUCT, { ...PERSONAL, "accept-encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.toString()).toContain("Davey SilensorPro SLS Pool Pump");
  });

  it("leaves an answer under 1 KB uncompressed", async () => {
    const small = await raw("/build-version", { "accept-encoding": "br" });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
  });
});

describe("compressing a rendered answer", () => {
  // A page is compressed in place; an answer over 256 KB (a large sitemap) on the thread pool.
  const markup = (bytes: number) =>
    Buffer.from(
      Array.from({ length: Math.ceil(bytes / 40) }, (_, index) => `<li>item ${index}</li>`)
        .join("")
        .slice(0, bytes),
    );

  it.each([
    ["a page", 80 * 1024],
    ["an answer larger than a page", 600 * 1024],
  ])("gives back %s's bytes in brotli and in gzip", async (_name, bytes) => {
    const body = markup(bytes);
    const br = await compressRendered(body, "br");
    const gzip = await compressRendered(body, "gzip");
    expect(br.length).toBeLessThan(body.length / 4);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gzip).equals(body)).toBe(true);
  });
});
