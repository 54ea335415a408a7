import { data, Link } from "react-router";
import { PageHeader } from "../components/content/page-parts";
import { ThankYouMessage } from "../components/content/thank-you-message";
import { formatMoney } from "../components/product/money";
import { STATUS_LABELS } from "../lib/commercial/purchase-order";
import { findPurchaseOrder } from "../lib/commercial/purchase-orders.server";
import { loadThankYouPage } from "../lib/content/pages.server";
import { contentReader, notFound } from "../lib/content/reader.server";
import { type GuardedHandle, requireGuards } from "../lib/customer/guards.server";
import { withCookies } from "../lib/customer/session.server";
import { servicesContext, shopperContext } from "../lib/request-context.server";
import type { Route } from "./+types/po-thank-you";

export const handle = { guards: ["auth"] } satisfies GuardedHandle;

/**
 * After a purchase order: the `po-thank-you` thank-you page, naming the order and linking to it
 * (product §4). It confirms a submission, so it is shown only with an order of the signed-in
 * customer's own; without one (none named, another customer's, unknown) it is the 404 page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await requireGuards(handle, request, context);
  const orderId = new URL(request.url).searchParams.get("order") ?? "";
  const [page, profile] = await Promise.all([
    loadThankYouPage(
      contentReader(request, context.get(servicesContext), context.get(shopperContext).url),
      "po-thank-you",
    ),
    customer.account.profile(),
  ]);
  const order = await findPurchaseOrder(
    context.get(servicesContext).database.db,
    profile.id,
    orderId,
  );
  if (!page || !order) notFound();
  return data(
    {
      page,
      order: {
        id: order.id,
        number: order.number,
        reference: order.reference,
        status: order.status,
        total: order.total,
      },
    },
    { headers: withCookies(customer.setCookies, { "Cache-Control": "private, no-store" }) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.page.title ?? "Purchase order received"} | Coral Bay Pool & Spa` },
    { name: "robots", content: "noindex" },
  ];
}

export default function PurchaseOrderThankYou({ loaderData }: Route.ComponentProps) {
  const { page, order } = loaderData;
  return (
    <>
      <PageHeader title={page.title} />
      <div className="container-page pb-16">
        <div className="mb-6 max-w-3xl rounded-md border border-lagoon-200 bg-lagoon-50 p-5">
          <p className="text-lg text-slate-900">
            Your purchase order number is{" "}
            <Link
              to={`/account/commercial-orders/${order.id}`}
              className="font-semibold text-lagoon-700 underline"
            >
              {order.number}
            </Link>
            .
          </p>
          <p className="mt-1 text-slate-700">
            Reference {order.reference} · {formatMoney(order.total)} · {STATUS_LABELS[order.status]}
          </p>
        </div>
        <ThankYouMessage page={page} />
      </div>
    </>
  );
}
