import { formatMoney } from "../commerce/money";
import { escapeHtml } from "../mail/html";
import type { PurchaseOrder } from "./purchase-order";

// What the staff's and the customer's purchase-order emails write alike.

/** Each line of the order as one line of text: "2 × Pump (Large) [SKU] at $10.00". */
export const orderLineTexts = (order: PurchaseOrder): string[] =>
  order.lines.map(
    (line) =>
      `${line.quantity} × ${line.title}${line.variantTitle ? ` (${line.variantTitle})` : ""}` +
      `${line.sku ? ` [${line.sku}]` : ""} at ${formatMoney(line.unitPrice)}`,
  );

/** One labelled fact as an HTML table row, both escaped. */
export const factRow = ([label, value]: [string, string]): string =>
  `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;
