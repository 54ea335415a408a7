import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { DecidedNotice, DecisionForm } from "../components/commercial/decision-form";
import { PurchaseOrderDetails } from "../components/commercial/purchase-order-details";
import type { Decision } from "../lib/commercial/decision-link.server";
import type { PurchaseOrder } from "../lib/commercial/purchase-order";
import { type DecisionOutcome, readDecision } from "../lib/commercial/purchase-orders.server";
import {
  type DraftState,
  decideAsStaff,
  decisionNoteError,
  readDecisionForm,
} from "../lib/commercial/staff-decision.server";
import { servicesContext } from "../lib/request-context.server";
import type { Route } from "./+types/purchase-orders.decision";

// Staff decide a purchase order from the links in their email (product §4). Opening a link
// changes nothing (mail scanners open links too): the page shows the order and asks, and its
// form decides, with the reason for a rejection or a note for an approval.

const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

const REFUSED: Record<Exclude<DecisionOutcome["outcome"], "decided">, [number, string]> = {
  invalid: [400, "This link is not valid. Use the link in the email exactly as it was sent."],
  expired: [410, "This link has expired. Decide the order in the staff inbox instead."],
  "not-found": [404, "This purchase order no longer exists."],
  "already-decided": [
    409,
    "This purchase order was already decided: the link cannot be used again.",
  ],
};

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

type PageData =
  | {
      state: "open";
      decision: Decision;
      order: PurchaseOrder;
      values?: { note: string };
      error?: string;
    }
  | { state: "decided"; order: PurchaseOrder; draft: DraftState }
  | { state: "refused"; message: string; order: PurchaseOrder | null };

function refused(outcome: Exclude<DecisionOutcome, { outcome: "decided" }>) {
  const [status, message] = REFUSED[outcome.outcome];
  const order = "order" in outcome ? outcome.order : null;
  return data<PageData>({ state: "refused", message, order }, { status, headers: PRIVATE });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, database } = context.get(servicesContext);
  const read = await readDecision(database.db, tokenOf(request), config.sessionSecret);
  if (read.outcome !== "open") return refused(read);
  return data<PageData>(
    { state: "open", decision: read.decision, order: read.order },
    { headers: PRIVATE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const read = await readDecision(
    services.database.db,
    tokenOf(request),
    services.config.sessionSecret,
  );
  if (read.outcome !== "open") return refused(read);
  // The link says which decision; the form gives the reason or note.
  const { note } = readDecisionForm(await request.formData().catch(() => new FormData()));
  const error = decisionNoteError(read.decision, note);
  if (error) {
    return data<PageData>(
      { state: "open", decision: read.decision, order: read.order, values: { note }, error },
      { status: 400, headers: PRIVATE },
    );
  }
  const outcome = await decideAsStaff(request, services, {
    orderId: read.order.id,
    read: read.order,
    decision: read.decision,
    staff: read.staff,
    note,
  });
  if (outcome.outcome !== "decided") return refused(outcome);
  // The status is set: the route's loader runs again after the action, finds the order decided
  // (by this very request) and answers 409, which would otherwise become the page's status.
  return data<PageData>(
    { state: "decided", order: outcome.order, draft: outcome.draft },
    { status: 200, headers: PRIVATE },
  );
}

/** In the browser, the decision just made is the page: asking the loader again only says so. */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return (actionResult as PageData | undefined)?.state === "decided"
    ? false
    : defaultShouldRevalidate;
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export function meta() {
  return [
    { title: "Purchase order decision — Coral Bay Pool & Spa" },
    { name: "robots", content: "noindex" },
  ];
}

export default function PurchaseOrderDecision({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold text-lagoon-900">
        Purchase order decision{page.order ? `: ${page.order.number}` : ""}
      </h1>
      {page.state === "open" ? (
        <>
          <DecisionForm
            decision={page.decision}
            orderNumber={page.order.number}
            note={page.values?.note}
            error={page.error}
          />
          <PurchaseOrderDetails order={page.order} audience="staff" />
        </>
      ) : page.state === "decided" ? (
        <>
          <DecidedNotice order={page.order} draft={page.draft} />
          <PurchaseOrderDetails order={page.order} audience="staff" />
        </>
      ) : (
        <>
          <p role="alert" className="mt-4 text-lg text-coral-600">
            {page.message}
          </p>
          {page.order ? <PurchaseOrderDetails order={page.order} audience="staff" /> : null}
        </>
      )}
    </div>
  );
}
