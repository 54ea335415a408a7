import { data, Form, type ShouldRevalidateFunctionArgs } from "react-router";
import { formatMoney } from "../components/product/money";
import { adminApi, createDraftOrder } from "../lib/commercial/draft-orders.server";
import { type PurchaseOrder, STATUS_LABELS } from "../lib/commercial/purchase-order";
import {
  type DecisionOutcome,
  decidePurchaseOrder,
  readDecision,
  recordDraftOrder,
} from "../lib/commercial/purchase-orders.server";
import { servicesContext } from "../lib/request-context.server";
import type { Route } from "./+types/purchase-orders.decision";

// Staff decide a purchase order from the links in their email (product §4). Opening a link
// changes nothing (mail scanners open links too): the page asks, and its button decides.

const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

const REFUSED: Record<Exclude<DecisionOutcome["outcome"], "decided">, [number, string]> = {
  invalid: [400, "This link is not valid. Use the link in the email exactly as it was sent."],
  expired: [410, "This link has expired. Decide the order in Shopify admin instead."],
  "not-found": [404, "This purchase order no longer exists."],
  "already-decided": [
    409,
    "This purchase order was already decided: the link cannot be used again.",
  ],
};

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/** The Shopify draft order's name (#D12), or why there is none. */
type DraftState = string;

type PageData =
  | { state: "open"; decision: "approve" | "reject"; order: PurchaseOrder }
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
  const { config, database, logger } = context.get(servicesContext);
  const outcome = await decidePurchaseOrder(database.db, tokenOf(request), config.sessionSecret);
  if (outcome.outcome !== "decided") return refused(outcome);
  const { order } = outcome;
  // product §4: an approved order becomes a Shopify draft order where the Admin API is set up.
  // The approval stands whatever the Admin API answers; staff are told if the draft is missing.
  const admin = order.status === "approved" ? adminApi(config) : null;
  let draft: DraftState = "none";
  if (admin) {
    try {
      const created = await createDraftOrder(admin, order);
      await recordDraftOrder(database.db, order.id, created.id);
      draft = created.name;
    } catch (error) {
      logger.warn({ err: error, order: order.number }, "draft order not created");
      draft = "failed";
    }
  }
  // The status is set: the route's loader runs again after the action, finds the order decided
  // (by this very request) and answers 409, which would otherwise become the page's status.
  return data<PageData>({ state: "decided", order, draft }, { status: 200, headers: PRIVATE });
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

function OrderFacts({ order }: { order: PurchaseOrder }) {
  return (
    <dl className="mt-4 grid gap-x-8 gap-y-1 sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold">Order</dt>
      <dd>{order.number}</dd>
      <dt className="font-semibold">Customer</dt>
      <dd>
        {order.customerName}
        {order.company ? `, ${order.company}` : ""}
      </dd>
      <dt className="font-semibold">Reference</dt>
      <dd>{order.reference}</dd>
      <dt className="font-semibold">Total</dt>
      <dd>{formatMoney(order.total)}</dd>
      <dt className="font-semibold">Status</dt>
      <dd data-testid="decision-status">{STATUS_LABELS[order.status]}</dd>
    </dl>
  );
}

export default function PurchaseOrderDecision({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  return (
    <div className="container-page max-w-2xl py-10">
      <h1 className="text-3xl font-bold text-lagoon-900">Purchase order decision</h1>
      {page.state === "open" ? (
        <>
          <OrderFacts order={page.order} />
          <Form method="post" className="mt-6">
            <button
              type="submit"
              className="inline-flex min-h-12 items-center rounded-md bg-lagoon-700 px-6 py-3 font-semibold text-white hover:bg-lagoon-800"
            >
              {page.decision === "approve" ? "Approve" : "Reject"} {page.order.number}
            </button>
          </Form>
        </>
      ) : page.state === "decided" ? (
        <>
          <p role="status" className="mt-4 text-lg">
            {page.order.number} is now {STATUS_LABELS[page.order.status].toLowerCase()}.
            {page.draft === "failed"
              ? " The Shopify draft order could not be created just now: create it in Shopify admin."
              : page.draft !== "none"
                ? ` Shopify draft order ${page.draft} is ready to invoice.`
                : ""}
          </p>
          <OrderFacts order={page.order} />
        </>
      ) : (
        <>
          <p role="alert" className="mt-4 text-lg text-coral-600">
            {page.message}
          </p>
          {page.order ? <OrderFacts order={page.order} /> : null}
        </>
      )}
    </div>
  );
}
