import type { Config } from "../config";
import { embeddedStorefront } from "../context.server";
import { createGraphqlTransport } from "../graphql/transport.server";
import type { TypedOperation } from "../graphql/typed-operation";
import type { PurchaseOrder } from "./purchase-order";

// An approved purchase order becomes a Shopify draft order (product §4), so staff invoice it in
// Shopify admin: the PO number, tags, a note and the customer go with it. Only where the Admin API
// is configured (SHOPIFY_ADMIN_API_TOKEN; the storefront emulator's in embedded mode).

/** The Admin API version of schemas/admin_2026-04.json.gz, which checks this document. */
export const ADMIN_API_VERSION = "2026-04";

/** The token the storefront emulator's Admin API expects (emulators/storefront/admin). */
const EMBEDDED_ADMIN_TOKEN = "lagoon-embedded-admin-token";

interface DraftOrderCreateResult {
  draftOrderCreate: {
    draftOrder: { id: string; name: string } | null;
    userErrors: { field: string[] | null; message: string }[];
  } | null;
}

interface MoneyInput {
  amount: string;
  currencyCode: string;
}

/** A variant's line keeps the order's price (priceOverride); a line without one is custom. */
type DraftOrderLineItemInput = { title: string; quantity: number; sku?: string } & (
  | { variantId: string; priceOverride: MoneyInput }
  | { originalUnitPriceWithCurrency: MoneyInput }
);

interface DraftOrderCreateVariables {
  input: {
    poNumber: string;
    tags: string[];
    note: string;
    email: string;
    customerId: string;
    lineItems: DraftOrderLineItemInput[];
  };
}

export const DRAFT_ORDER_CREATE = `#graphql
  mutation DraftOrderCreate($input: DraftOrderInput!) {
    draftOrderCreate(input: $input) {
      draftOrder {
        id
        name
      }
      userErrors {
        field
        message
      }
    }
  }
` as TypedOperation<DraftOrderCreateResult, DraftOrderCreateVariables>;

export function draftOrderInput(order: PurchaseOrder): DraftOrderCreateVariables["input"] {
  return {
    poNumber: order.reference,
    tags: ["purchase-order", order.number],
    note: [`Lagoon purchase order ${order.number}`, order.notes].filter(Boolean).join("\n"),
    email: order.customerEmail,
    customerId: order.customerId,
    lineItems: order.lines.map((line) => ({
      title: line.title,
      quantity: line.quantity,
      ...(line.sku ? { sku: line.sku } : {}),
      ...(line.variantId
        ? { variantId: line.variantId, priceOverride: line.unitPrice }
        : { originalUnitPriceWithCurrency: line.unitPrice }),
    })),
  };
}

/** The Admin API where it is configured; null where it is not (no draft orders then). */
export function adminApi(config: Pick<Config, "admin" | "host" | "port" | "storefront">) {
  if (config.admin.mode === "off") return null;
  const [base, token] =
    config.admin.mode === "connected"
      ? [`https://${config.admin.storeDomain}`, config.admin.accessToken]
      : [embeddedStorefront(config), EMBEDDED_ADMIN_TOKEN];
  return createGraphqlTransport({
    api: "Admin API",
    url: `${base}/admin/api/${ADMIN_API_VERSION}/graphql.json`,
    headers: { "X-Shopify-Access-Token": token },
    timeoutMs: 10_000,
  });
}

/** Creates the draft order; resolves to its id and name, or rejects with why not. */
export async function createDraftOrder(
  admin: NonNullable<ReturnType<typeof adminApi>>,
  order: PurchaseOrder,
): Promise<{ id: string; name: string }> {
  const result = await admin.request(DRAFT_ORDER_CREATE, {
    variables: { input: draftOrderInput(order) },
  });
  const created = result.draftOrderCreate;
  if (!created?.draftOrder) {
    const why = created?.userErrors.map((error) => error.message).join("; ") || "no draft order";
    throw new Error(`draftOrderCreate: ${why}`);
  }
  return created.draftOrder;
}
