import { parentPort, workerData } from "node:worker_threads";
import express from "express";
import type { CartStorage, CheckoutCustomers } from "../emulators/storefront";
import { createStorefrontEmulator, keepingCarts } from "../emulators/storefront";
import { createHttpServer } from "./http-server";
import type { StorefrontThreadData, StorefrontThreadMessage } from "./storefront-thread";
import { callsTo } from "./thread-calls";

// The storefront emulator's own thread (server/storefront-thread.ts starts it): Shopify's
// stand-in answers on a loopback port of its own, so its work is not the shop's, as Shopify's
// is not in production. Its carts stay in the shop's database, and the checkout asks the
// customer-account emulator who is signed in: both on the main thread, called over `calls`.
// Where the shop's process alone writes its database, the carts read or written are kept here too.

const { emulator, calls, keepCarts } = workerData as StorefrontThreadData;
const tell = (message: StorefrontThreadMessage) => parentPort?.postMessage(message);

const stored = callsTo<CartStorage>(calls, ["load", "save", "recordOrder", "listOrders"]);
const carts = keepCarts ? keepingCarts(stored) : stored;
const accounts = callsTo<{
  findSignedInCustomer(
    cookie: string | undefined,
  ): ReturnType<CheckoutCustomers["findSignedInCustomer"]>;
  addOrder: CheckoutCustomers["addOrder"];
}>(calls, ["findSignedInCustomer", "addOrder"]);

const app = express();
app.disable("x-powered-by");
app.use(
  emulator.mountPath,
  createStorefrontEmulator({
    ...emulator,
    carts,
    customers: {
      // The customer-account emulator reads its session from the browser's cookies alone.
      findSignedInCustomer: (req) => accounts.findSignedInCustomer(req.headers.cookie),
      addOrder: accounts.addOrder,
    },
    onWebhookFailure: (topic, error) =>
      tell({ webhookFailed: { topic, message: error instanceof Error ? error.message : "" } }),
  }),
);

const server = createHttpServer(app);
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") tell({ listening: address.port });
});
