import { Writable } from "node:stream";

/** The bytes of each page answered, by its Response: see `renderedPage`. */
const pages = new WeakMap<Response, Uint8Array<ArrayBuffer>>();

/** A Response whose body is a page the server may read without reading the body's stream. */
export function pageResponse(page: Uint8Array<ArrayBuffer>, init: ResponseInit): Response {
  const response = new Response(page, init);
  pages.set(response, page);
  return response;
}

/**
 * The page a Response answers, if the app rendered it (`pageResponse`), else undefined. The
 * server compresses every page whole; reading it back through the Response's stream cost about
 * 0.1 ms a page (decision 009).
 */
export function renderedPage(response: Response): Uint8Array<ArrayBuffer> | undefined {
  return pages.get(response);
}

/**
 * Where React's `pipe` writes a page: the chunks are kept and joined once React ends the page.
 * Every page is sent whole (the server compresses it in one call, decision 009), so streaming it
 * through a Node stream, a web stream and the Response's reader bought nothing but their cost.
 */
export function collectPage(
  onPage: (page: Uint8Array<ArrayBuffer>) => void,
  /** Changes the whole page before it is answered (shared markup pasted in). */
  finish: (page: Buffer) => Buffer = (page) => page,
): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    // React pauses on `false` until "drain"; a page should fit.
    highWaterMark: 1024 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      const page = finish(Buffer.concat(chunks));
      // A Node buffer is a byte view on an ArrayBuffer, which is what a Response's body takes.
      onPage(new Uint8Array(page.buffer as ArrayBuffer, page.byteOffset, page.length));
      callback();
    },
  });
}
