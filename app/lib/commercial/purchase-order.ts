// A purchase order as the app and the browser see it (product §3, §4). Free of server code.

/** product §4: a purchase order's states. `fulfilled` is set by staff outside the shop. */
export const PURCHASE_ORDER_STATUSES = ["submitted", "approved", "rejected", "fulfilled"] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

export interface Money {
  amount: string;
  currencyCode: string;
}

/** A snapshot of a cart line when the order was submitted: later price changes do not touch it. */
export interface PurchaseOrderLine {
  title: string;
  variantTitle: string | null;
  sku: string | null;
  quantity: number;
  unitPrice: Money;
  productHandle: string | null;
  variantId: string | null;
}

export interface PickupLocation {
  id: string;
  name: string;
  address: string[];
}

export type ShippingSelection =
  | { method: "standard"; address: { id: string; name: string; lines: string[] } }
  | { method: "pickup"; location: PickupLocation };

export interface PurchaseOrderEvent {
  status: PurchaseOrderStatus;
  /** The customer's address for the submission, the deciding staff member's for a decision. */
  actor: string;
  /** A rejection's reason, an approval's note; null otherwise. */
  note: string | null;
  at: string;
}

export interface PurchaseOrderSummary {
  id: string;
  number: string;
  reference: string;
  status: PurchaseOrderStatus;
  total: Money;
  createdAt: string;
}

export interface PurchaseOrder extends PurchaseOrderSummary {
  customerId: string;
  customerEmail: string;
  customerName: string;
  company: string | null;
  lines: PurchaseOrderLine[];
  subtotal: Money;
  shipping: ShippingSelection;
  notes: string | null;
  requestedDeliveryDate: string | null;
  draftOrderId: string | null;
  /** The Shopify draft order's name (#D12), once staff approved and the draft was made. */
  draftOrderName: string | null;
  history: PurchaseOrderEvent[];
}

export const STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  submitted: "Submitted",
  approved: "Approved",
  rejected: "Rejected",
  fulfilled: "Fulfilled",
};

/** product §9: PO-{year}-{five digits}, e.g. PO-2026-00042. */
export function purchaseOrderNumber(year: number, sequence: number): string {
  return `PO-${year}-${String(sequence).padStart(5, "0")}`;
}

export function shippingSummary(shipping: ShippingSelection): { title: string; lines: string[] } {
  return shipping.method === "standard"
    ? { title: "Standard Shipping", lines: [shipping.address.name, ...shipping.address.lines] }
    : { title: "Local Pickup", lines: [shipping.location.name, ...shipping.location.address] };
}
