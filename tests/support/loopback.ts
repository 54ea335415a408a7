import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`: what the app or the emulators are reached on in the test. */
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves an Express app on a free loopback port, for tests that talk real HTTP. The origin is
 * known before anything is mounted, since emulators need it for the links they hand out.
 */
export async function listenOnLoopback(app: Express): Promise<LoopbackServer> {
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
