import {
  type PurchaseOrder,
  STATUS_LABELS,
  shippingSummary,
} from "../../lib/commercial/purchase-order";
import { formatOrderDate, formatShopDateTime } from "../account/order-status";
import { formatMoney } from "../product/money";

/** The latest rejection's reason, or null. */
function rejectionReason(order: PurchaseOrder): string | null {
  if (order.status !== "rejected") return null;
  return order.history.findLast((event) => event.status === "rejected")?.note ?? null;
}

/**
 * A purchase order as the customer and staff read it (product §4): status, reference, the draft
 * order once approved, the reason once rejected, lines and totals, shipping, notes and the full
 * history in the shop's time zone. Staff also see the customer and who did what.
 */
export function PurchaseOrderDetails({
  order,
  audience,
}: {
  order: PurchaseOrder;
  audience: "customer" | "staff";
}) {
  const shipping = shippingSummary(order.shipping);
  const reason = rejectionReason(order);
  return (
    <>
      <dl className="mt-4 grid gap-x-8 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Status</dt>
        <dd data-testid="po-status">{STATUS_LABELS[order.status]}</dd>
        {audience === "staff" ? (
          <>
            <dt className="font-semibold">Customer</dt>
            <dd>
              {order.customerName}
              {order.company ? `, ${order.company}` : ""}{" "}
              <a className="text-lagoon-700 underline" href={`mailto:${order.customerEmail}`}>
                {order.customerEmail}
              </a>
            </dd>
          </>
        ) : null}
        <dt className="font-semibold">Reference</dt>
        <dd>{order.reference}</dd>
        <dt className="font-semibold">Submitted</dt>
        <dd>{formatOrderDate(order.createdAt)}</dd>
        <dt className="font-semibold">Requested delivery</dt>
        <dd>{order.requestedDeliveryDate ?? "Not specified"}</dd>
        {order.draftOrderName ? (
          <>
            <dt className="font-semibold">Draft order</dt>
            <dd data-testid="po-draft">{order.draftOrderName}</dd>
          </>
        ) : null}
        {reason ? (
          <>
            <dt className="font-semibold">Reason</dt>
            <dd data-testid="po-reason" className="whitespace-pre-line">
              {reason}
            </dd>
          </>
        ) : null}
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
        <dl className="mt-3 grid justify-end gap-x-6 gap-y-1 sm:grid-cols-[auto_auto]">
          <dt>Subtotal</dt>
          <dd className="text-right">{formatMoney(order.subtotal)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">{formatMoney(order.total)}</dd>
        </dl>
        <p className="mt-1 text-right text-sm text-slate-600">
          Shipping and tax are settled on the invoice.
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
              {STATUS_LABELS[event.status]} on{" "}
              <time dateTime={event.at}>{formatShopDateTime(event.at)}</time>
              {audience === "staff" ? ` by ${event.actor}` : ""}
              {event.note ? (
                <span className="block whitespace-pre-line pl-4 text-slate-600">
                  {event.status === "rejected" ? "Reason: " : "Note: "}
                  {event.note}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
