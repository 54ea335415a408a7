import { data, Link } from "react-router";
import { PurchaseOrderDetails } from "../components/commercial/purchase-order-details";
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
 * notes, the draft order or the rejection's reason, and its history. Anyone else's order id is
 * simply not found.
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
  return (
    <div className="container-page py-10">
      <p>
        <Link to="/account#commercial-orders" className="text-lagoon-700 underline">
          Back to my account
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-lagoon-900">Purchase order {order.number}</h1>
      <PurchaseOrderDetails order={order} audience="customer" />
    </div>
  );
}
