import { data, Form, Link } from "react-router";
import { formatShopDateTime } from "../components/account/order-status";
import { StaffFrame } from "../components/commercial/staff-frame";
import { formatMoney } from "../components/product/money";
import { OrdersTable } from "../components/ui/orders-table";
import { STATUS_LABELS } from "../lib/commercial/purchase-order";
import { listStaffInbox } from "../lib/commercial/purchase-orders.server";
import { servicesContext } from "../lib/request-context.server";
import { requireStaff } from "../lib/staff/staff-session.server";
import type { Route } from "./+types/staff.purchase-orders";

// The staff inbox (product §4): every customer's purchase orders, those waiting for a decision
// first and oldest first, searchable by number, reference or customer. Staff only: anyone else
// gets the 404 page.

/** product §9: 25 orders a page in the staff inbox. */
const PAGE_SIZE = 25;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = Math.max(
    1,
    Math.min(1000, Number.parseInt(url.searchParams.get("page") ?? "", 10) || 1),
  );
  const { database } = context.get(servicesContext);
  const inbox = await listStaffInbox(database.db, { search, page, limit: PAGE_SIZE });
  return data(
    { staff, search, page, ...inbox },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta() {
  return [
    { title: "Purchase orders (staff) — Coral Bay Pool & Spa" },
    { name: "robots", content: "noindex" },
  ];
}

function pageLink(search: string, page: number) {
  const query = new URLSearchParams();
  if (search) query.set("q", search);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `?${text}` : ".";
}

export default function StaffPurchaseOrders({ loaderData }: Route.ComponentProps) {
  const { staff, search, page, orders, count, hasMore } = loaderData;
  return (
    <StaffFrame staff={staff}>
      <h1 className="mt-4 text-3xl font-bold text-lagoon-900">Purchase orders</h1>
      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="po-search" className="block text-sm font-medium text-slate-800">
            Search by number, reference or customer
          </label>
          <input
            id="po-search"
            type="search"
            name="q"
            defaultValue={search}
            className="mt-1 w-72 rounded-md border border-slate-300 px-3 py-2"
          />
        </div>
        <button
          type="submit"
          className="inline-flex min-h-11 items-center rounded-md bg-lagoon-700 px-5 font-semibold text-white hover:bg-lagoon-800"
        >
          Search orders
        </button>
      </Form>
      <p role="status" className="mt-4 text-slate-700">
        {count === 0
          ? search
            ? `No purchase orders match “${search}”.`
            : "No purchase orders yet."
          : `${count} purchase order${count === 1 ? "" : "s"}${search ? ` match “${search}”` : ""}, waiting ones first.`}
      </p>
      {orders.length > 0 ? (
        <OrdersTable
          caption="Purchase orders, waiting ones first, oldest first"
          orders={orders}
          name={{
            heading: "Order",
            text: (order) => order.number,
            to: (order) => `/staff/purchase-orders/${order.id}`,
          }}
          columns={[
            { heading: "Status", cell: (order) => STATUS_LABELS[order.status] },
            {
              heading: "Customer",
              cell: (order) => (
                <>
                  {order.customerName}
                  {order.company ? (
                    <span className="block text-slate-600">{order.company}</span>
                  ) : null}
                </>
              ),
            },
            { heading: "Reference", cell: (order) => order.reference },
            { heading: "Submitted", cell: (order) => formatShopDateTime(order.createdAt) },
            { heading: "Total", cell: (order) => formatMoney(order.total), amount: true },
          ]}
        />
      ) : null}
      {page > 1 || hasMore ? (
        <nav aria-label="Pages of purchase orders" className="mt-6 flex gap-6">
          {page > 1 ? (
            <Link to={pageLink(search, page - 1)} className="text-lagoon-700 underline">
              Previous page
            </Link>
          ) : null}
          {hasMore ? (
            <Link to={pageLink(search, page + 1)} className="text-lagoon-700 underline">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </StaffFrame>
  );
}
