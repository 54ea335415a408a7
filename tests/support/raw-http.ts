import { type Agent, request as httpRequest } from "node:http";

/** A request as a client may send it, right or wrong. */
export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent with Content-Length, or in chunks without it when `chunked` is set. */
  body?: string | Buffer;
  chunked?: boolean;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** From sending the request to the answer's last byte. */
  ms: number;
}

/** No answer within the time allowed: the request hung. */
export class NoAnswerError extends Error {
  override name = "NoAnswerError";
}

/**
 * Plain HTTP, so a test can send what fetch refuses to (TRACE, any Host, a chunked stream).
 * With `timeoutMs` it gives up and rejects with NoAnswerError.
 */
export function send(
  origin: string,
  options: RawRequest,
  { timeoutMs, agent }: { timeoutMs?: number; agent?: Agent | false } = {},
): Promise<RawResponse> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const url = new URL(origin);
    const headers = { ...options.headers };
    // Node frames a body on its own for POST, PUT and PATCH only: a GET, DELETE or OPTIONS body
    // would otherwise go out unframed and be read as the next request.
    if (options.body !== undefined) {
      if (options.chunked) headers["Transfer-Encoding"] = "chunked";
      else headers["Content-Length"] = String(Buffer.byteLength(options.body));
    }
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? "GET",
        path: options.path,
        headers,
        agent,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            ms: Date.now() - started,
          });
        });
        res.on("error", reject);
      },
    );
    const timer = timeoutMs
      ? setTimeout(() => {
          req.destroy(new NoAnswerError(`no answer within ${timeoutMs} ms`));
        }, timeoutMs)
      : undefined;
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    const { body } = options;
    if (body === undefined) return void req.end();
    if (!options.chunked) return void req.end(body);
    // Without Content-Length Node sends Transfer-Encoding: chunked, one chunk per write.
    const bytes = Buffer.from(body);
    const size = Math.max(1, Math.ceil(bytes.length / 4));
    for (let offset = 0; offset < bytes.length; offset += size) {
      req.write(bytes.subarray(offset, offset + size));
    }
    req.end();
  });
}
