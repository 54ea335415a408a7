import { createServer, type RequestListener, type Server } from "node:http";

export interface HttpTimeouts {
  /** The request line and headers must have arrived by then, from the request's first byte. */
  headersTimeoutMs: number;
  /** The whole request, body included; what the server then takes to answer is not counted. */
  requestTimeoutMs: number;
  /** How long a kept-alive connection may sit idle between requests. */
  keepAliveTimeoutMs: number;
  /** How often Node looks for requests past their time: a late one is cut this much later. */
  checkIntervalMs: number;
}

/**
 * A slow sender is cut off within 10 s: 8 s for the request, found at the next check, a second
 * apart (Node's own limits are 5 minutes, checked every 30 s). The largest body the shop takes
 * (a 1 MB webhook) arrives well within that. Kept-alive connections outlive a load balancer's
 * idle timeout (60 s is common), so the balancer never reuses one the server is closing.
 */
export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 8_000,
  keepAliveTimeoutMs: 65_000,
  checkIntervalMs: 1_000,
};

/** The shop's HTTP server, as `npm run serve`, `npm run dev` and the built-shop suites listen. */
export function createHttpServer(
  listener?: RequestListener,
  timeouts: HttpTimeouts = HTTP_TIMEOUTS,
): Server {
  return createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    listener,
  );
}
