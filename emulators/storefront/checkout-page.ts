import { escapeHtml } from "../shared/html";

// The checkout page's HTML: server-rendered, no JavaScript, labelled fields, errors tied to their
// fields with aria-describedby, and the order summary as a table.

const styles = `
  :root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; color: #0f172a; }
  body { margin: 0; background: #f0f9ff; }
  header { background: #164e63; color: #fff; padding: 1rem 1.5rem; }
  header a { color: #fff; }
  main { max-width: 60rem; margin: 2rem auto; padding: 0 1rem; display: grid; gap: 2rem; }
  @media (min-width: 52rem) { main { grid-template-columns: 1fr 22rem; align-items: start; } }
  section { background: #fff; border-radius: 0.75rem; box-shadow: 0 1px 3px #0f172a26; padding: 1.5rem; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  h2 { font-size: 1.15rem; margin: 1.5rem 0 0.75rem; }
  fieldset { border: 0; padding: 0; margin: 0 0 1rem; }
  legend { font-size: 1.15rem; font-weight: 700; margin-bottom: 0.5rem; }
  label { display: block; font-weight: 600; margin: 0.75rem 0 0.25rem; }
  input, select { width: 100%; box-sizing: border-box; font: inherit; padding: 0.55rem 0.7rem; border: 1px solid #64748b; border-radius: 0.375rem; background: #fff; }
  [aria-invalid="true"] { border-color: #b91c1c; }
  .grid { display: grid; gap: 0 0.75rem; grid-template-columns: 1fr 1fr; }
  button { font: inherit; font-weight: 600; cursor: pointer; width: 100%; margin-top: 1.5rem; padding: 0.8rem 1rem; border-radius: 0.375rem; border: 1px solid #0e7490; background: #0e7490; color: #fff; }
  a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .error { color: #b91c1c; font-weight: 600; margin: 0.25rem 0 0; }
  .hint { color: #475569; font-size: 0.9rem; }
  table { width: 100%; border-collapse: collapse; }
  caption { text-align: left; font-size: 1.15rem; font-weight: 700; margin-bottom: 0.5rem; }
  th, td { padding: 0.5rem 0; vertical-align: top; text-align: left; }
  td.amount, th.amount { text-align: right; white-space: nowrap; padding-left: 0.75rem; }
  tbody tr + tr td, tbody tr + tr th { border-top: 1px solid #e2e8f0; }
  tfoot th, tfoot td { border-top: 2px solid #cbd5e1; }
  .details { display: block; font-weight: 400; color: #475569; font-size: 0.9rem; }
`;

export function renderCheckoutDocument(options: {
  title: string;
  shopName: string;
  shopUrl: string;
  body: string;
}): string {
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)} · ${escapeHtml(options.shopName)}</title>
<style>${styles}</style>
</head>
<body>
<header><a href="${escapeHtml(options.shopUrl)}">${escapeHtml(options.shopName)}</a> · Checkout (emulator)</header>
${options.body}
</body>
</html>`;
}

export interface SummaryLine {
  title: string;
  details: string[];
  quantity: number;
  lineTotal: string;
}

export interface CheckoutFormValues {
  email: string;
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  zoneCode: string;
  zip: string;
  phone: string;
}

export type CheckoutFieldErrors = Partial<Record<keyof CheckoutFormValues, string>>;

// Australia's states and territories, the codes Shopify uses for them.
export const AUSTRALIAN_ZONES = [
  ["ACT", "Australian Capital Territory"],
  ["NSW", "New South Wales"],
  ["NT", "Northern Territory"],
  ["QLD", "Queensland"],
  ["SA", "South Australia"],
  ["TAS", "Tasmania"],
  ["VIC", "Victoria"],
  ["WA", "Western Australia"],
] as const;

function field(options: {
  name: keyof CheckoutFormValues;
  label: string;
  values: CheckoutFormValues;
  errors: CheckoutFieldErrors;
  type?: string;
  autocomplete: string;
  required?: boolean;
}): string {
  const { name, label, values, errors, type = "text", autocomplete, required = true } = options;
  const error = errors[name];
  const id = `checkout-${name}`;
  return `<div>
  <label for="${id}">${escapeHtml(label)}${required ? "" : ' <span class="hint">(optional)</span>'}</label>
  <input id="${id}" name="${name}" type="${type}" autocomplete="${autocomplete}" value="${escapeHtml(values[name])}"${required ? " required" : ""}${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ""}>
  ${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ""}
</div>`;
}

export function renderCheckoutPage(options: {
  shopName: string;
  shopUrl: string;
  action: string;
  lines: SummaryLine[];
  subtotal: string;
  gst: string;
  total: string;
  needsShipping: boolean;
  signedInAs: string | null;
  values: CheckoutFormValues;
  errors: CheckoutFieldErrors;
}): string {
  const { values, errors } = options;
  const rows = options.lines
    .map(
      (line) => `<tr>
  <th scope="row">${escapeHtml(line.title)}${line.details
    .map((detail) => `<span class="details">${escapeHtml(detail)}</span>`)
    .join("")}</th>
  <td class="amount">${line.quantity}</td>
  <td class="amount">${escapeHtml(line.lineTotal)}</td>
</tr>`,
    )
    .join("\n");
  const errorCount = Object.keys(errors).length;
  const zoneError = errors.zoneCode;
  const zoneOptions = [
    `<option value=""${values.zoneCode ? "" : " selected"}>Choose…</option>`,
    ...AUSTRALIAN_ZONES.map(
      ([code, name]) =>
        `<option value="${code}"${values.zoneCode === code ? " selected" : ""}>${escapeHtml(name)}</option>`,
    ),
  ].join("");
  const shipping = options.needsShipping
    ? `<fieldset>
  <legend>Shipping address</legend>
  <div class="grid">
    ${field({ name: "firstName", label: "First name", values, errors, autocomplete: "shipping given-name" })}
    ${field({ name: "lastName", label: "Last name", values, errors, autocomplete: "shipping family-name" })}
  </div>
  ${field({ name: "address1", label: "Address", values, errors, autocomplete: "shipping address-line1" })}
  ${field({ name: "address2", label: "Apartment, suite, etc.", values, errors, autocomplete: "shipping address-line2", required: false })}
  <div class="grid">
    ${field({ name: "city", label: "Suburb", values, errors, autocomplete: "shipping address-level2" })}
    <div>
      <label for="checkout-zoneCode">State</label>
      <select id="checkout-zoneCode" name="zoneCode" autocomplete="shipping address-level1" required${zoneError ? ' aria-invalid="true" aria-describedby="checkout-zoneCode-error"' : ""}>${zoneOptions}</select>
      ${zoneError ? `<p class="error" id="checkout-zoneCode-error">${escapeHtml(zoneError)}</p>` : ""}
    </div>
  </div>
  <div class="grid">
    ${field({ name: "zip", label: "Postcode", values, errors, autocomplete: "shipping postal-code" })}
    ${field({ name: "phone", label: "Phone", values, errors, type: "tel", autocomplete: "shipping tel", required: false })}
  </div>
  <p class="hint">Country: Australia</p>
</fieldset>`
    : `<p class="hint">Nothing in this order is shipped: course details go to the contact email.</p>`;

  const body = `<main>
<section aria-labelledby="checkout-title">
  <h1 id="checkout-title">Checkout</h1>
  ${errorCount ? `<p class="error" role="alert">Please correct ${errorCount === 1 ? "the field" : `the ${errorCount} fields`} marked below.</p>` : ""}
  ${options.signedInAs ? `<p>Signed in as <strong>${escapeHtml(options.signedInAs)}</strong>.</p>` : ""}
  <form method="post" action="${escapeHtml(options.action)}" novalidate>
    <fieldset>
      <legend>Contact</legend>
      ${field({ name: "email", label: "Email", values, errors, type: "email", autocomplete: "email" })}
    </fieldset>
    ${shipping}
    <button type="submit">Place order</button>
  </form>
</section>
<section aria-labelledby="summary-title">
  <h2 id="summary-title" style="margin-top:0">Order summary</h2>
  <table>
    <caption class="hint" style="font-size:0.9rem;font-weight:400">Items, quantities and prices in AUD, GST included</caption>
    <thead><tr><th scope="col">Item</th><th scope="col" class="amount">Qty</th><th scope="col" class="amount">Total</th></tr></thead>
    <tbody>
${rows}
    </tbody>
    <tfoot>
      <tr><th scope="row" colspan="2">Subtotal</th><td class="amount">${escapeHtml(options.subtotal)}</td></tr>
      <tr><th scope="row" colspan="2">Shipping</th><td class="amount">Free</td></tr>
      <tr><th scope="row" colspan="2">Total</th><td class="amount"><strong>${escapeHtml(options.total)}</strong></td></tr>
      <tr><td colspan="3" class="hint">Includes ${escapeHtml(options.gst)} GST</td></tr>
    </tfoot>
  </table>
</section>
</main>`;
  return renderCheckoutDocument({
    title: "Checkout",
    shopName: options.shopName,
    shopUrl: options.shopUrl,
    body,
  });
}

export function renderCheckoutGonePage(options: {
  shopName: string;
  shopUrl: string;
  empty: boolean;
}): string {
  const message = options.empty
    ? "Your cart is empty, so there is nothing to check out."
    : "This checkout is no longer available: the order was placed or the link is wrong.";
  return renderCheckoutDocument({
    title: "Checkout",
    shopName: options.shopName,
    shopUrl: options.shopUrl,
    body: `<main><section><h1>Checkout</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(options.shopUrl)}">Continue shopping</a></p></section></main>`,
  });
}
