// A process that starts submitting a purchase order and is killed (SIGKILL) by the test while it
// is inside the transaction: the order row is written, the staff email not yet. With
// PO_CHILD_FINISH=1 it submits the order (with the form key PO_CHILD_KEY), prints "submitted <id>" and stays up to be killed after
// it answered.

import { submitPurchaseOrder } from "../../app/lib/commercial/purchase-orders.server";
import { openDatabase } from "../../server/db";
import { orderInput, STAFF } from "./purchase-order-fixtures";

const handle = await openDatabase({
  dataDir: process.env.PO_CHILD_DATA_DIR ?? "memory://",
  databaseUrl: process.env.PO_CHILD_DATABASE_URL,
});
const input = orderInput({
  customer: { ...orderInput().customer, id: "gid://shopify/Customer/kill-9" },
  // The form's key, when the test re-sends the same form.
  ...(process.env.PO_CHILD_KEY ? { idempotencyKey: process.env.PO_CHILD_KEY } : {}),
});
if (process.env.PO_CHILD_FINISH === "1") {
  const { order } = await submitPurchaseOrder(handle.db, input, STAFF);
  process.stdout.write(`submitted ${order.id}\n`);
  setInterval(() => {}, 60_000);
} else {
  await submitStalled();
}

async function submitStalled() {
  const db = new Proxy(handle.db, {
    get(target, property, receiver) {
      if (property !== "transaction") return Reflect.get(target, property, receiver);
      return (run: (tx: unknown) => Promise<unknown>) =>
        target.transaction(async (tx) => {
          const stalled = new Proxy(tx, {
            get(txTarget, txProperty, txReceiver) {
              const value = Reflect.get(txTarget, txProperty, txReceiver);
              if (txProperty !== "insert") return value;
              return (table: unknown) => {
                // The order and its first event are in; the outbox row would be next.
                if (
                  table &&
                  (table as { [key: symbol]: string })[Symbol.for("drizzle:Name")] === "mail_outbox"
                ) {
                  process.stdout.write("inside-transaction\n");
                  return { values: () => new Promise(() => {}) };
                }
                return (value as (t: unknown) => unknown).call(txTarget, table);
              };
            },
          });
          return run(stalled);
        });
    },
  });
  await submitPurchaseOrder(db, input, STAFF);
}
