import { data, Link } from "react-router";
import { DecidedNotice, DecisionForm } from "../components/commercial/decision-form";
import { PurchaseOrderDetails } from "../components/commercial/purchase-order-details";
import { StaffFrame } from "../components/commercial/staff-frame";
import type { Decision } from "../lib/commercial/decision-link.server";
import { findAnyPurchaseOrder } from "../lib/commercial/purchase-orders.server";
import {
  decideAsStaff,
  decisionNoteError,
  readDecisionForm,
} from "../lib/commercial/staff-decision.server";
import { servicesContext } from "../lib/request-context.server";
import { requireStaff } from "../lib/staff/staff-session.server";
import type { Route } from "./+types/staff.purchase-orders.$id";

// One purchase order in the staff inbox, with the same decisions as the email's links (product
// §4): approve with an optional note, reject with a reason. The decision records the signed-in
// staff address. Staff only: anyone else gets the 404 page.

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context);
  const order = await findAnyPurchaseOrder(context.get(servicesContext).database.db, params.id);
  if (!order) throw data(null, { status: 404, headers: PRIVATE });
  return data({ staff, order }, { headers: PRIVATE });
}

type ActionData =
  | { state: "invalid"; decision: Decision; note: string; error: string }
  | { state: "decided"; draft: string }
  | { state: "already-decided" };

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context);
  const services = context.get(servicesContext);
  const { decision, note } = readDecisionForm(await request.formData().catch(() => new FormData()));
  if (!decision) throw data(null, { status: 400, headers: PRIVATE });
  const error = decisionNoteError(decision, note);
  if (error) {
    return data<ActionData>(
      { state: "invalid", decision, note, error },
      { status: 400, headers: PRIVATE },
    );
  }
  const outcome = await decideAsStaff(request, services, {
    orderId: params.id,
    decision,
    staff,
    note,
  });
  if (outcome.outcome === "decided") {
    return data<ActionData>({ state: "decided", draft: outcome.draft }, { headers: PRIVATE });
  }
  if (outcome.outcome === "already-decided") {
    return data<ActionData>({ state: "already-decided" }, { status: 409, headers: PRIVATE });
  }
  throw data(null, { status: 404, headers: PRIVATE });
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Purchase order ${loaderData?.order.number ?? ""} (staff) — Coral Bay Pool & Spa` },
    { name: "robots", content: "noindex" },
  ];
}

export default function StaffPurchaseOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, order } = loaderData;
  return (
    <StaffFrame staff={staff}>
      <p>
        <Link to="/staff/purchase-orders" className="text-lagoon-700 underline">
          Back to the purchase orders
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-lagoon-900">Purchase order {order.number}</h1>
      {actionData?.state === "decided" ? (
        <DecidedNotice order={order} draft={actionData.draft} />
      ) : null}
      {actionData?.state === "already-decided" ? (
        <p role="alert" className="mt-4 text-lg text-coral-600">
          This purchase order was already decided by someone else.
        </p>
      ) : null}
      {order.status === "submitted" ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {(["approve", "reject"] as const).map((decision) => (
            <DecisionForm
              key={decision}
              decision={decision}
              orderNumber={order.number}
              note={
                actionData?.state === "invalid" && actionData.decision === decision
                  ? actionData.note
                  : undefined
              }
              error={
                actionData?.state === "invalid" && actionData.decision === decision
                  ? actionData.error
                  : undefined
              }
            />
          ))}
        </div>
      ) : null}
      <PurchaseOrderDetails order={order} audience="staff" />
    </StaffFrame>
  );
}
