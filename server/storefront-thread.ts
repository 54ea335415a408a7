import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { MessageChannel, type MessagePort, Worker } from "node:worker_threads";
import type { Request, RequestHandler, Response } from "express";
import { createProxyMiddleware } from "http-proxy-middleware";
import type {
  CartStorage,
  CheckoutCustomers,
  StorefrontEmulatorOptions,
} from "../emulators/storefront";
import type { Logger } from "./logger";
import { answerCalls } from "./thread-calls";

/**
 * The storefront emulator on a thread of its own (decision 013). In embedded mode every page a
 * shopper with a cart opens asks the Storefront API for that cart; answered on the shop's own
 * thread, Shopify's stand-in took 13–15 % of such a page's CPU (decision 013), which against
 * Shopify is another company's machine. On its thread it uses the second core, as Shopify would.
 *
 * The app calls it straight on its loopback port (`endpoint`); what a browser or a test asks of
 * it (the checkout page, images, test controls) still reaches the shop's own server under
 * `/_emulators/storefront`, which forwards it (`forward`). Carts stay in the shop's database and
 * the checkout's signed-in customer comes from the customer-account emulator: both answered
 * here, on the main thread, for the emulator's thread (server/storefront-worker.ts).
 */
export interface StorefrontThread {
  /** Where the app reaches the Storefront and Admin APIs, e.g. http://127.0.0.1:41234/_emulators/storefront. */
  endpoint: string;
  /** Forwards a request to the emulator's thread as it came, its path included. */
  forward: RequestHandler;
  close(): Promise<void>;
}

/** What the emulator's thread is started with. */
export interface StorefrontThreadData {
  emulator: Omit<StorefrontEmulatorOptions, "carts" | "customers" | "onWebhookFailure"> & {
    /** Where the emulator is mounted on the shop's server, and so on its own. */
    mountPath: string;
  };
  /** The main thread's end answers the calls for carts and customers. */
  calls: MessagePort;
  /**
   * Whether the thread keeps the carts it read or wrote (`keepingCarts`): where no other process
   * writes them, a page's cart read then crosses no message port.
   */
  keepCarts: boolean;
}

/** What the emulator's thread tells the main thread. */
export type StorefrontThreadMessage =
  | { listening: number }
  | { webhookFailed: { topic: string; message: string } };

// Bundled (scripts/build-server.mjs), this module is part of build/server-main.js and the worker's
// bundle sits beside it; run from the sources (npm run dev, the test suites), both are TypeScript,
// which the worker reads through tsx as its parent does.
const fromSources = import.meta.url.endsWith(".ts");
const WORKER_FILE = fromSources ? "./storefront-worker.ts" : "./storefront-worker.js";

/** A request carrying only `cookie`: all the customer-account emulator reads of a session. */
function requestWithCookie(cookie: string | undefined) {
  const req = new IncomingMessage(new Socket());
  if (cookie) req.headers.cookie = cookie;
  return { req, res: new ServerResponse(req) };
}

export async function startStorefrontThread(options: {
  emulator: StorefrontThreadData["emulator"];
  carts: CartStorage;
  keepCarts: boolean;
  customers: CheckoutCustomers;
  logger?: Pick<Logger, "warn" | "error">;
}): Promise<StorefrontThread> {
  const { carts, customers, logger } = options;
  const { port1, port2 } = new MessageChannel();
  answerCalls(port1, {
    load: (token: string) => carts.load(token),
    save: (cart) => carts.save(cart),
    recordOrder: (order) => carts.recordOrder(order),
    listOrders: () => carts.listOrders(),
    findSignedInCustomer: (cookie: string | undefined) => {
      const { req, res } = requestWithCookie(cookie);
      return customers.findSignedInCustomer(req, res);
    },
    addOrder: (customerId, order) => customers.addOrder(customerId, order),
  });

  const data: StorefrontThreadData = {
    emulator: options.emulator,
    calls: port2,
    keepCarts: options.keepCarts,
  };
  const worker = new Worker(new URL(WORKER_FILE, import.meta.url), {
    workerData: data,
    transferList: [port2],
    execArgv: fromSources ? ["--import", "tsx"] : [],
  });
  let stopping = false;
  const port = await new Promise<number>((resolve, reject) => {
    worker.on("message", (message: StorefrontThreadMessage) => {
      if ("listening" in message) resolve(message.listening);
      else {
        logger?.warn(
          { topic: message.webhookFailed.topic, err: new Error(message.webhookFailed.message) },
          "the storefront emulator's webhook failed",
        );
      }
    });
    worker.on("error", (error) => {
      reject(error);
      logger?.error({ err: error }, "the storefront emulator's thread failed");
    });
    worker.on("exit", (code) => {
      const error = new Error(`The storefront emulator's thread exited (code ${code})`);
      reject(error);
      if (!stopping) logger?.error({ err: error }, "the storefront emulator's thread stopped");
    });
  });
  // Neither keeps the process alive: the shop's server does, and stops it on the way out.
  worker.unref();
  port1.unref();

  const origin = `http://127.0.0.1:${port}`;
  const forward = createProxyMiddleware<Request, Response>({
    target: origin,
    // The emulator is mounted at the same path on its own server: the path goes as it came.
    pathRewrite: (_path, req) => req.originalUrl,
    on: {
      error: (_error, _req, res) => {
        if (!(res instanceof ServerResponse) || res.headersSent) return;
        res.writeHead(502, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({ errors: [{ message: "The storefront emulator is not answering" }] }),
        );
      },
    },
  });
  return {
    endpoint: `${origin}${options.emulator.mountPath}`,
    forward,
    close: async () => {
      stopping = true;
      port1.close();
      await worker.terminate();
    },
  };
}
