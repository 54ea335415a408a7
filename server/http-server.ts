import { createServer, type RequestListener, type Server } from "node:http";

/**
 * The shop's HTTP server, as `npm run serve` (and the suites that run the built shop) listen
 * with it. Kept-alive connections outlive a load balancer's idle timeout (60 s is common), so
 * the balancer never reuses one the server is closing.
 */
export function createHttpServer(listener?: RequestListener): Server {
  const server = createServer(listener);
  server.keepAliveTimeout = 65_000;
  return server;
}
