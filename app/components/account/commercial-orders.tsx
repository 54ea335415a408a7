import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { type PurchaseOrderSummary, STATUS_LABELS } from "../../lib/commercial/purchase-order";
import { formatMoney } from "../product/money";
import { OrdersTable } from "../ui/orders-table";
import { formatOrderDate } from "./order-status";

export interface CommercialOrdersPage {
  orders: PurchaseOrderSummary[];
  count: number;
  hasMore: boolean;
  /** The last page shown (pages of 10, product §9). */
  page: number;
}

/**
 * The commercial customer's purchase orders, newest first (product §4): 'Load more' fetches the
 * next page from /api/customer/fetch-commercial-orders and appends it; a reload starts again from
 * the first page. Without JavaScript the same form posts as a page and comes back to the account
 * showing one page more.
 */
export function CommercialOrders({ initial }: { initial: CommercialOrdersPage }) {
  const fetcher = useFetcher<Omit<CommercialOrdersPage, "page">>();
  const [shown, setShown] = useState(initial);

  useEffect(() => setShown(initial), [initial]);

  useEffect(() => {
    const next = fetcher.data;
    if (fetcher.state !== "idle" || !next?.orders) return;
    setShown((current) => {
      const known = new Set(current.orders.map((order) => order.id));
      return {
        orders: [...current.orders, ...next.orders.filter((order) => !known.has(order.id))],
        count: next.count,
        hasMore: next.hasMore,
        page: current.page + 1,
      };
    });
  }, [fetcher.state, fetcher.data]);

  return (
    <section id="commercial-orders" aria-labelledby="commercial-orders-heading">
      <h2 id="commercial-orders-heading" className="text-xl font-semibold text-lagoon-900">
        Commercial orders
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {shown.count === 1 ? "1 purchase order" : `${shown.count} purchase orders`}
      </p>
      {shown.orders.length === 0 ? (
        <p className="mt-3 text-slate-700">You haven't submitted any purchase orders yet.</p>
      ) : (
        <OrdersTable
          caption="Your purchase orders, newest first"
          orders={shown.orders}
          name={{
            heading: "Order",
            text: (order) => order.number,
            to: (order) => `/account/commercial-orders/${order.id}`,
          }}
          columns={[
            { heading: "Date", cell: (order) => formatOrderDate(order.createdAt) },
            { heading: "Reference", cell: (order) => order.reference },
            { heading: "Status", cell: (order) => STATUS_LABELS[order.status] },
            { heading: "Total", cell: (order) => formatMoney(order.total), amount: true },
          ]}
        />
      )}
      {shown.hasMore ? (
        <fetcher.Form method="post" action="/api/customer/fetch-commercial-orders" className="mt-4">
          <input type="hidden" name="page" value={shown.page + 1} />
          <input type="hidden" name="limit" value={10} />
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            className="rounded-md border border-lagoon-700 px-4 py-2 font-semibold text-lagoon-800 hover:bg-lagoon-50 disabled:opacity-60"
          >
            {fetcher.state !== "idle" ? "Loading…" : "Load more"}
          </button>
        </fetcher.Form>
      ) : null}
    </section>
  );
}
