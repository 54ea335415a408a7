import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { OrderSummary } from "../../lib/customer/account.server";
import { formatMoney } from "../product/money";
import { OrdersTable } from "../ui/orders-table";
import { formatOrderDate, humanizeStatus } from "./order-status";

type OrdersPage = {
  orders: OrderSummary[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
};

/**
 * The order history, newest first. 'Load more' fetches the next page from
 * /api/customer/fetch-more-orders and appends it; without JavaScript it is a link to that page.
 */
export function OrderHistory({
  orders,
  page,
}: {
  orders: OrderSummary[];
  page: OrdersPage["pageInfo"];
}) {
  const fetcher = useFetcher<OrdersPage>();
  const [shown, setShown] = useState(orders);
  const [pageInfo, setPageInfo] = useState(page);

  useEffect(() => {
    setShown(orders);
    setPageInfo(page);
  }, [orders, page]);

  useEffect(() => {
    const next = fetcher.data;
    if (fetcher.state !== "idle" || !next?.orders) return;
    setShown((current) => {
      const known = new Set(current.map((order) => order.id));
      return [...current, ...next.orders.filter((order) => !known.has(order.id))];
    });
    setPageInfo(next.pageInfo);
  }, [fetcher.state, fetcher.data]);

  return (
    <section id="orders" aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="text-xl font-semibold text-lagoon-900">
        Orders
      </h2>
      {shown.length === 0 ? (
        <p className="mt-3 text-slate-700">You haven't placed any orders yet.</p>
      ) : (
        <OrdersTable
          caption="Your orders, newest first"
          orders={shown}
          name={{
            heading: "Order",
            text: (order) => order.name,
            to: (order) => `/account/orders/${order.id.split("/").pop()}`,
          }}
          columns={[
            { heading: "Date", cell: (order) => formatOrderDate(order.processedAt) },
            { heading: "Payment", cell: (order) => humanizeStatus(order.financialStatus) },
            { heading: "Fulfilment", cell: (order) => humanizeStatus(order.fulfillmentStatus) },
            { heading: "Total", cell: (order) => formatMoney(order.totalPrice), amount: true },
          ]}
        />
      )}
      {pageInfo.hasNextPage && pageInfo.endCursor ? (
        <fetcher.Form method="post" action="/api/customer/fetch-more-orders" className="mt-4">
          <input type="hidden" name="after" value={pageInfo.endCursor} />
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
