import { Form } from "react-router";
import type { Decision } from "../../lib/commercial/decision-link.server";
import { type PurchaseOrder, STATUS_LABELS } from "../../lib/commercial/purchase-order";
import { Field } from "../account/field";

/**
 * Approve (with an optional note) or reject (with the reason, required) one purchase order
 * (product §4). The customer reads the note or reason in their email and on their order's page.
 */
export function DecisionForm({
  decision,
  orderNumber,
  note,
  error,
}: {
  decision: Decision;
  orderNumber: string;
  note?: string;
  error?: string;
}) {
  const approving = decision === "approve";
  return (
    <Form method="post" className="mt-6 space-y-3 rounded-md border border-slate-200 p-4">
      <input type="hidden" name="decision" value={decision} />
      <Field
        name="note"
        rows={3}
        label={
          approving
            ? "Note to the customer (optional)"
            : "Reason for rejecting (the customer reads it)"
        }
        required={!approving}
        defaultValue={note}
        error={error}
        autoFocus={Boolean(error)}
      />
      <button
        type="submit"
        className={
          approving
            ? "inline-flex min-h-12 items-center rounded-md bg-lagoon-700 px-6 py-3 font-semibold text-white hover:bg-lagoon-800"
            : "inline-flex min-h-12 items-center rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-orange-800"
        }
      >
        {approving ? "Approve" : "Reject"} {orderNumber}
      </button>
    </Form>
  );
}

/**
 * What staff are told once they decided: the new status and what became of the draft order
 * (its name, "none" where the Admin API is off, "failed").
 */
export function DecidedNotice({ order, draft }: { order: PurchaseOrder; draft: string }) {
  return (
    <p role="status" className="mt-4 text-lg">
      {order.number} is now {STATUS_LABELS[order.status].toLowerCase()}.
      {draft === "failed"
        ? " The Shopify draft order could not be created just now: create it in Shopify admin."
        : draft !== "none"
          ? ` Shopify draft order ${draft} is ready to invoice.`
          : ""}{" "}
      The customer is emailed.
    </p>
  );
}
