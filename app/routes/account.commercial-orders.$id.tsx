import { data, Link } from "react-router";
import { formatOrderDate } from "../components/account/order-status";
import { formatMoney } from "../components/product/money";
import { STATUS_LABELS, shippingSummary } from "../lib/commercial/purchase-order";
import { findPurchaseOrder } from "../lib/commercial/purchase-orders.server";
import { type GuardedHandle, requireGuards } from "../lib/customer/guards.server";
import { withCookies } from "../lib/customer/session.server";
import { servicesContext } from "../lib/request-context.server";
import type { Route } from "./+types/account.commercial-orders.$id";

// Only `auth`: a customer whose order this is not (commercial or not) gets the same 404 as for an
// id that does not exist, so the page tells nobody whether an order exists.
export const handle = { guards: ["auth"] } satisfies GuardedHandle;

/**
 * One of the signed-in commercial customer's purchase orders (product §4): its lines, shipping,
 * notes and status history. Anyone else's order id is simply not found.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const customer = await requireGuards(handle, request, context);
  const profile = await customer.account.profile();
  const order = await findPurchaseOrder(
    context.get(servicesContext).database.db,
    profile.id,
    params.id,
  );
  if (!order) throw data(null, { status: 404 });
  return data(
    { order },
    { headers: withCookies(customer.setCookies, { "Cache-Control": "private, no-store" }) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Purchase order ${loaderData?.order.number ?? ""} — Coral Bay Pool & Spa` },
    { name: "robots", content: "noindex" },
  ];
}

export default function CommercialOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const shipping = shippingSummary(order.shipping);
  return (
    <div className="container-page py-10">
      <p>
        <Link to="/account#commercial-orders" className="text-lagoon-700 underline">
          Back to my account
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-lagoon-900">Purchase order {order.number}</h1>
      <dl className="mt-4 grid gap-x-8 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Status</dt>
        <dd data-testid="po-status">{STATUS_LABELS[order.status]}</dd>
        <dt className="font-semibold">Reference</dt>
        <dd>{order.reference}</dd>
        <dt className="font-semibold">Submitted</dt>
        <dd>{formatOrderDate(order.createdAt)}</dd>
        <dt className="font-semibold">Requested delivery</dt>
        <dd>{order.requestedDeliveryDate ?? "Not specified"}</dd>
      </dl>

      <section aria-labelledby="po-lines" className="mt-8">
        <h2 id="po-lines" className="text-xl font-semibold text-lagoon-900">
          Items
        </h2>
        <table className="mt-3 w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Product
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                SKU
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Quantity
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Unit price
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={`${line.variantId}-${line.title}`} className="border-b border-slate-100">
                <td className="py-3 pr-3">
                  {line.title}
                  {line.variantTitle ? (
                    <span className="block text-slate-600">{line.variantTitle}</span>
                  ) : null}
                </td>
                <td className="py-3 pr-3">{line.sku ?? "—"}</td>
                <td className="py-3 pr-3 text-right">{line.quantity}</td>
                <td className="py-3 text-right">{formatMoney(line.unitPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 flex justify-end gap-6 font-semibold">
          <span>Total</span>
          <span>{formatMoney(order.total)}</span>
        </p>
      </section>

      <div className="mt-8 grid gap-8 sm:grid-cols-2">
        <section aria-labelledby="po-shipping">
          <h2 id="po-shipping" className="text-xl font-semibold text-lagoon-900">
            {shipping.title}
          </h2>
          <address className="mt-2 not-italic text-slate-700">
            {shipping.lines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </section>
        <section aria-labelledby="po-notes">
          <h2 id="po-notes" className="text-xl font-semibold text-lagoon-900">
            Notes
          </h2>
          <p className="mt-2 whitespace-pre-line text-slate-700">{order.notes ?? "None"}</p>
        </section>
      </div>

      <section aria-labelledby="po-history" className="mt-8">
        <h2 id="po-history" className="text-xl font-semibold text-lagoon-900">
          Status history
        </h2>
        <ol className="mt-2 space-y-1 text-slate-700">
          {order.history.map((event) => (
            <li key={`${event.status}-${event.at}`}>
              {STATUS_LABELS[event.status]} on {formatOrderDate(event.at)}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
