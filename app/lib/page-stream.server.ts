import { Writable } from "node:stream";

/**
 * Where React's `pipe` writes a page: the chunks are kept and joined once React ends the page.
 * Every page is sent whole (the server compresses it in one call, decision 009), so streaming it
 * through a Node stream, a web stream and the Response's reader bought nothing but their cost.
 */
export function collectPage(onPage: (page: Uint8Array<ArrayBuffer>) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    // React pauses on `false` until "drain"; a page should fit.
    highWaterMark: 1024 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      const page = Buffer.concat(chunks);
      // A Node buffer is a byte view on an ArrayBuffer, which is what a Response's body takes.
      onPage(new Uint8Array(page.buffer as ArrayBuffer, page.byteOffset, page.length));
      callback();
    },
  });
}
