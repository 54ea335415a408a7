import { shellOrFallback } from "../content/reader.server";
import type { AppContext } from "../context.server";
import { formTexts } from "../forms/form-text";
import { shopIdentityOf } from "./customer-mail";
import type { Decision } from "./decision-link.server";
import { adminApi, createDraftOrder } from "./draft-orders.server";
import type { PurchaseOrder } from "./purchase-order";
import {
  type DecisionOutcome,
  decidePurchaseOrder,
  findAnyPurchaseOrder,
  type PurchaseOrderMailSettings,
} from "./purchase-orders.server";

// Staff decide a purchase order in one of two places: the page of a decision link from their
// email, and the order's page in the staff inbox. Both post the same form and decide here.

/** product §4: a rejection's reason and an approval's note are at most this long. */
const DECISION_NOTE_MAX = 1000;

const DECISION_MESSAGES = {
  reasonRequired: "Enter the reason for rejecting this order: the customer reads it.",
  tooLong: `Keep it to ${DECISION_NOTE_MAX.toLocaleString("en-AU")} characters.`,
} as const;

/** What is wrong with a decision's reason or note, if anything (it is trimmed first). */
export function decisionNoteError(decision: Decision, note: string): string | undefined {
  if (decision === "reject" && note === "") return DECISION_MESSAGES.reasonRequired;
  if (note.length > DECISION_NOTE_MAX) return DECISION_MESSAGES.tooLong;
  return undefined;
}

/** The decision form as posted: the decision it names (if any) and the reason or note, trimmed. */
export function readDecisionForm(form: FormData): { decision?: Decision; note: string } {
  const { decision, note } = formTexts(form, ["decision", "note"]);
  return {
    decision: decision === "approve" || decision === "reject" ? decision : undefined,
    note: note.trim(),
  };
}

/** The Shopify draft order's name (#D12); "none" where the Admin API is off; "failed". */
export type DraftState = string;

type Services = Pick<AppContext, "config" | "database" | "logger" | "content" | "cache">;

export async function purchaseOrderMailSettings(
  request: Request,
  services: Services,
): Promise<PurchaseOrderMailSettings> {
  const { config } = services;
  const shell = await shellOrFallback(request, services);
  return {
    staffEmails: config.staffEmails,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
    shop: shopIdentityOf(shell.organisation),
  };
}

/**
 * Decides a submitted order for `staff`. An approval first becomes a Shopify draft order where the
 * Admin API is set up (product §4), so that the customer's "approved" email can name it; the
 * approval stands whatever the Admin API answers, and staff are told when the draft is missing.
 */
export async function decideAsStaff(
  request: Request,
  services: Services,
  {
    orderId,
    read,
    decision,
    staff,
    note,
  }: {
    orderId: string;
    /** The order as the caller has just read it, if it has (a decision link's page has). */
    read?: PurchaseOrder;
    decision: Decision;
    staff: string;
    note: string;
  },
): Promise<
  | { outcome: "decided"; order: PurchaseOrder; draft: DraftState }
  | Exclude<DecisionOutcome, { outcome: "decided" }>
> {
  const { config, database, logger } = services;
  const order = read ?? (await findAnyPurchaseOrder(database.db, orderId));
  if (!order) return { outcome: "not-found" };
  if (order.status !== "submitted") return { outcome: "already-decided", order };
  const admin = decision === "approve" ? adminApi(config) : null;
  let draft: { id: string; name: string } | null = null;
  let draftState: DraftState = "none";
  if (admin) {
    try {
      draft = await createDraftOrder(admin, order);
      draftState = draft.name;
    } catch (error) {
      logger.warn({ err: error, order: order.number }, "draft order not created");
      draftState = "failed";
    }
  }
  const outcome = await decidePurchaseOrder(
    database.db,
    { orderId, decision, staff, note: note || null, draft },
    await purchaseOrderMailSettings(request, services),
  );
  if (outcome.outcome !== "decided") {
    // Another member of staff decided the order while the draft was being made.
    if (draft) {
      logger.warn(
        { order: order.number, draft: draft.name },
        "draft order made for an order decided meanwhile: delete it in Shopify admin",
      );
    }
    return outcome;
  }
  return { outcome: "decided", order: outcome.order, draft: draftState };
}
