import { formatMoney } from "../commerce/money";
import type { Organisation } from "../content/shell.server";
import { escapeHtml } from "../mail/html";
import { factRow, orderLineTexts } from "./order-mail";
import { type PurchaseOrder, shippingSummary } from "./purchase-order";

// The emails a customer gets about a purchase order (product §4): received, approved, rejected.
// Each has a plain-text part for every mail client and an HTML part (every value escaped), and is
// signed with the shop's name and address.

/** Who the mail is from, as the shop's settings name it. */
export interface ShopIdentity {
  name: string;
  /** The postal address, one line a part; empty when the settings have none. */
  address: string[];
}

/** The settings give the country as a code (AU); a letter gives its name. */
function countryName(country: string): string {
  if (!/^[A-Z]{2}$/.test(country)) return country;
  return new Intl.DisplayNames(["en-AU"], { type: "region" }).of(country) ?? country;
}

export function shopIdentityOf(organisation: Organisation): ShopIdentity {
  const address = organisation.address;
  return {
    name: organisation.name,
    address: address
      ? [
          address.streetAddress,
          [address.addressLocality, address.addressRegion, address.postalCode]
            .filter(Boolean)
            .join(" "),
          countryName(address.addressCountry),
        ].filter(Boolean)
      : [],
  };
}

export interface CustomerMail {
  subject: string;
  text: string;
  html: string;
}

interface Section {
  /** Paragraphs, each one line of plain text. */
  paragraphs: string[];
}

function orderFacts(order: PurchaseOrder): [string, string][] {
  const shipping = shippingSummary(order.shipping);
  return [
    ["Purchase order", order.number],
    ["Your reference", order.reference],
    [shipping.title, shipping.lines.join(", ")],
    ["Requested delivery", order.requestedDeliveryDate ?? "Not specified"],
    ["Notes", order.notes ?? "None"],
  ];
}

/** Greeting, paragraphs, the order (facts, lines, totals), the link to it, the signature. */
function compose(
  order: PurchaseOrder,
  shop: ShopIdentity,
  orderUrl: string,
  subject: string,
  { paragraphs }: Section,
): CustomerMail {
  const facts = orderFacts(order);
  const lines = orderLineTexts(order);
  const totals: [string, string][] = [
    ["Subtotal", formatMoney(order.subtotal)],
    ["Total", formatMoney(order.total)],
  ];
  const signature = [shop.name, ...shop.address];
  const text = [
    `Hello ${order.customerName},`,
    "",
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...facts.map(([label, value]) => `${label}: ${value}`),
    "",
    "Items:",
    ...lines.map((line) => `- ${line}`),
    "",
    ...totals.map(([label, value]) => `${label}: ${value}`),
    "",
    `See the order in your account: ${orderUrl}`,
    "",
    ...signature,
  ].join("\n");
  const html = [
    `<p>Hello ${escapeHtml(order.customerName)},</p>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    "<table>",
    ...facts.map(factRow),
    "</table>",
    "<ul>",
    ...lines.map((line) => `<li>${escapeHtml(line)}</li>`),
    "</ul>",
    "<table>",
    ...totals.map(factRow),
    "</table>",
    `<p><a href="${escapeHtml(orderUrl)}">See the order in your account</a></p>`,
    `<p>${signature.map(escapeHtml).join("<br>")}</p>`,
  ].join("\n");
  return { subject, text, html };
}

export function receivedMail(order: PurchaseOrder, shop: ShopIdentity, orderUrl: string) {
  return compose(order, shop, orderUrl, `We received purchase order ${order.number}`, {
    paragraphs: [
      `Thank you: we received your purchase order ${order.number} (your reference ${order.reference}).`,
      "What happens next: our team checks the order and approves or declines it, and you get an email either way. Once approved, we send an invoice for the order; shipping and tax are settled on that invoice.",
    ],
  });
}

export function approvedMail(
  order: PurchaseOrder,
  shop: ShopIdentity,
  orderUrl: string,
  note: string | null,
) {
  const invoice = order.draftOrderName
    ? `Your order is now draft order ${order.draftOrderName} with us. The invoice will be for the items below at the prices you ordered them (${formatMoney(order.total)} before shipping and tax), and it arrives by email with a link to pay.`
    : `We are preparing the invoice: it will be for the items below at the prices you ordered them (${formatMoney(order.total)} before shipping and tax), and it arrives by email with a link to pay.`;
  return compose(order, shop, orderUrl, `Purchase order ${order.number} approved`, {
    paragraphs: [
      `Good news: your purchase order ${order.number} (your reference ${order.reference}) is approved.`,
      invoice,
      ...(note ? [`A note from our team: ${note}`] : []),
    ],
  });
}

export function rejectedMail(
  order: PurchaseOrder,
  shop: ShopIdentity,
  orderUrl: string,
  reason: string,
) {
  return compose(order, shop, orderUrl, `Purchase order ${order.number} declined`, {
    paragraphs: [
      `We are sorry: your purchase order ${order.number} (your reference ${order.reference}) was declined.`,
      `The reason: ${reason}`,
      "Contact us if you would like to change the order and submit it again.",
    ],
  });
}
