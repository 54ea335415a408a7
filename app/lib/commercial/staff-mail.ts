import { formatMoney } from "../commerce/money";
import { escapeHtml } from "../mail/html";
import { factRow, orderLineTexts } from "./order-mail";
import { type PurchaseOrder, shippingSummary } from "./purchase-order";

// The email staff get for each new purchase order (product §4): the order, and the Approve and
// Reject links. Plain text for every mail client, HTML (every value escaped) for the rest.

export interface DecisionLinks {
  approve: string;
  reject: string;
  /** The order's page in the staff inbox (staff sign in by emailed link there). */
  inbox: string;
}

export function staffMail(order: PurchaseOrder, links: DecisionLinks) {
  const shipping = shippingSummary(order.shipping);
  const lines = orderLineTexts(order);
  const customer = `${order.customerName}${order.company ? `, ${order.company}` : ""} <${order.customerEmail}>`;
  const facts: [string, string][] = [
    ["Customer", customer],
    ["PO reference", order.reference],
    ["Subtotal", formatMoney(order.subtotal)],
    ["Total", formatMoney(order.total)],
    [shipping.title, shipping.lines.join(", ")],
    ["Requested delivery", order.requestedDeliveryDate ?? "Not specified"],
    ["Notes", order.notes ?? "None"],
  ];
  const text = [
    `Purchase order ${order.number} was submitted and waits for a decision.`,
    "",
    ...facts.map(([label, value]) => `${label}: ${value}`),
    "",
    "Lines:",
    ...lines.map((line) => `- ${line}`),
    "",
    `Approve: ${links.approve}`,
    `Reject: ${links.reject}`,
    "",
    "Each link opens a page to confirm the decision. The links work once and expire in 7 days.",
    `Or decide it in the staff inbox: ${links.inbox}`,
  ].join("\n");
  const html = [
    `<p>Purchase order <strong>${escapeHtml(order.number)}</strong> was submitted and waits for a decision.</p>`,
    "<table>",
    ...facts.map(factRow),
    "</table>",
    "<ul>",
    ...lines.map((line) => `<li>${escapeHtml(line)}</li>`),
    "</ul>",
    `<p><a href="${escapeHtml(links.approve)}">Approve</a> · <a href="${escapeHtml(links.reject)}">Reject</a></p>`,
    "<p>Each link opens a page to confirm the decision. The links work once and expire in 7 days.</p>",
    `<p>Or decide it in the <a href="${escapeHtml(links.inbox)}">staff inbox</a>.</p>`,
  ].join("\n");
  return {
    subject: `Purchase order ${order.number} from ${order.company ?? order.customerName}`,
    text,
    html,
  };
}
