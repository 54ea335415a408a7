import { data, Link } from "react-router";
import { formatOrderDate, humanizeStatus } from "../components/account/order-status";
import { formatMoney } from "../components/product/money";
import { ProductImage } from "../components/product/product-image";
import { type GuardedHandle, requireGuards } from "../lib/customer/guards.server";
import { withCookies } from "../lib/customer/session.server";
import type { Route } from "./+types/account.orders.$id";

export const handle = { guards: ["auth"] } satisfies GuardedHandle;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const customer = await requireGuards(handle, request, context);
  if (!/^\d+$/.test(params.id)) throw data(null, { status: 404 });
  // The API answers only for the signed-in customer's own orders: anyone else's is not found.
  const order = await customer.account.order(`gid://shopify/Order/${params.id}`);
  if (!order) throw data(null, { status: 404 });
  return data(
    { order },
    { headers: withCookies(customer.setCookies, { "Cache-Control": "private, no-store" }) },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Order ${loaderData?.order.name ?? ""} — Coral Bay Pool & Spa` },
    { name: "robots", content: "noindex" },
  ];
}

function AddressBlock({ title, lines }: { title: string; lines: string[] | undefined }) {
  return (
    <div>
      <h3 className="font-semibold text-lagoon-900">{title}</h3>
      {lines && lines.length > 0 ? (
        <address className="mt-1 not-italic text-slate-700">
          {lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      ) : (
        <p className="mt-1 text-slate-700">None</p>
      )}
    </div>
  );
}

export default function OrderDetail({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const totals = [
    ["Subtotal", order.subtotal],
    [
      order.shippingLine?.title ? `Shipping (${order.shippingLine.title})` : "Shipping",
      order.totalShipping,
    ],
    ["GST included", order.totalTax],
  ] as const;
  return (
    <div className="container-page py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link to="/account" className="underline">
          My Account
        </Link>{" "}
        / <span aria-current="page">Order {order.name}</span>
      </nav>
      <h1 className="mt-3 text-3xl font-bold text-lagoon-900">Order {order.name}</h1>
      <dl className="mt-3 flex flex-wrap gap-x-8 gap-y-1 text-slate-700">
        <div>
          <dt className="inline font-medium">Placed </dt>
          <dd className="inline">{formatOrderDate(order.processedAt)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Payment: </dt>
          <dd className="inline">{humanizeStatus(order.financialStatus)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Fulfilment: </dt>
          <dd className="inline">{humanizeStatus(order.fulfillmentStatus)}</dd>
        </div>
        {order.poNumber ? (
          <div>
            <dt className="inline font-medium">PO number: </dt>
            <dd className="inline">{order.poNumber}</dd>
          </div>
        ) : null}
      </dl>

      <div className="mt-8 grid gap-10 lg:grid-cols-3">
        <section aria-labelledby="items-heading" className="lg:col-span-2">
          <h2 id="items-heading" className="text-xl font-semibold text-lagoon-900">
            Items
          </h2>
          <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
            {order.lineItems.nodes.map((line) => (
              <li key={line.id} className="flex gap-4 py-4">
                {line.image ? (
                  <ProductImage
                    image={line.image}
                    alt=""
                    fixedWidth={80}
                    className="size-20 rounded-md bg-slate-100 object-cover"
                  />
                ) : null}
                <div className="flex-1">
                  <p className="font-medium text-slate-900">{line.title}</p>
                  {line.variantTitle ? (
                    <p className="text-sm text-slate-600">{line.variantTitle}</p>
                  ) : null}
                  {line.sku ? <p className="text-sm text-slate-600">SKU {line.sku}</p> : null}
                  <p className="text-sm text-slate-700">
                    {line.quantity} × {line.price ? formatMoney(line.price) : "—"}
                  </p>
                </div>
                <p className="font-semibold">
                  {line.totalPrice ? formatMoney(line.totalPrice) : "—"}
                </p>
              </li>
            ))}
          </ul>
          <dl className="mt-4 space-y-1 text-right">
            {totals.map(([label, money]) =>
              money ? (
                <div key={label} className="flex justify-end gap-6 text-slate-700">
                  <dt>{label}</dt>
                  <dd className="w-28">{formatMoney(money)}</dd>
                </div>
              ) : null,
            )}
            <div className="flex justify-end gap-6 text-lg font-semibold text-slate-900">
              <dt>Total</dt>
              <dd className="w-28">{formatMoney(order.totalPrice)}</dd>
            </div>
          </dl>
        </section>
        <aside className="space-y-6">
          <AddressBlock title="Shipping address" lines={order.shippingAddress?.formatted} />
          <AddressBlock title="Billing address" lines={order.billingAddress?.formatted} />
          <div>
            <h3 className="font-semibold text-lagoon-900">Shipments</h3>
            {order.fulfillments.nodes.length === 0 ? (
              <p className="mt-1 text-slate-700">Not shipped yet.</p>
            ) : (
              <ul className="mt-1 space-y-1 text-slate-700">
                {order.fulfillments.nodes.map((fulfillment) => (
                  <li key={fulfillment.id}>
                    {humanizeStatus(fulfillment.status)} on {formatOrderDate(fulfillment.createdAt)}
                    {fulfillment.trackingInformation.map((tracking) => (
                      <span key={tracking.number ?? tracking.company} className="block text-sm">
                        {tracking.company} {tracking.number}
                      </span>
                    ))}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </aside>
      </div>
    </div>
  );
}
