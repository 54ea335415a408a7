import { writeReadableStreamToWritable } from "@react-router/node";
import type {
  Request as ExpressRequest,
  Response as ExpressResponse,
  RequestHandler,
} from "express";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import type { PageCache } from "./page-cache";
import { gatedBody } from "./request-gate";

/**
 * React Router's Express adapter, except that the body is the one the request gate read within
 * its limit (the adapter would stream the socket to the app with no limit at all). The URL is
 * made from the Host the gate found well formed, and the request is aborted when the shopper
 * disconnects, so the app's reads can stop. A request the page cache marked is rendered for its
 * normalised URL, and its answer is stored when it may be shared (decision 008).
 */
export function createAppRequestHandler({
  build,
  mode,
  getLoadContext,
  pageCache,
}: {
  build: ServerBuild;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  pageCache?: PageCache;
}): RequestHandler {
  const handleRequest = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const fillUrl = pageCache?.fillUrl(req);
      const response = await handleRequest(
        toFetchRequest(req, res, fillUrl),
        getLoadContext(req, res),
      );
      if (fillUrl && (await pageCache?.fill(req, res, response))) return;
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse, fillUrl?: URL): Request {
  const url = fillUrl ?? new URL(`${req.protocol}://${req.host}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(key, one);
  }
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    signal,
    body: hasBody ? new Uint8Array(gatedBody(res) ?? []) : undefined,
  });
}

async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
