import { escapeHtml } from "../shared/html";
import type { DemoCustomerSummary } from "./customer-records";

const styles = `
  :root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; color: #0f172a; }
  body { margin: 0; background: #f0f9ff; }
  main { max-width: 32rem; margin: 2.5rem auto; padding: 2rem; background: #fff; border-radius: 0.75rem; box-shadow: 0 1px 3px #0f172a26; }
  h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
  h2 { font-size: 1.1rem; margin: 2rem 0 0.75rem; }
  label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
  input { width: 100%; box-sizing: border-box; font: inherit; padding: 0.6rem 0.75rem; border: 1px solid #64748b; border-radius: 0.375rem; }
  input[aria-invalid="true"] { border-color: #b91c1c; }
  button { font: inherit; cursor: pointer; padding: 0.6rem 1rem; border-radius: 0.375rem; border: 1px solid #0e7490; background: #0e7490; color: #fff; }
  button.secondary { background: #fff; color: #0e7490; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .error { color: #b91c1c; font-weight: 600; }
  .hint { color: #475569; font-size: 0.9rem; }
  .row { display: flex; gap: 0.5rem; align-items: flex-end; }
  .row > div { flex: 1; }
  ul { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.75rem; }
  li button { width: 100%; text-align: left; }
  li .hint { display: block; margin-top: 0.25rem; }
`;

export function renderPage({ title, body }: { title: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Lagoon customer accounts (emulator)</title>
<style>${styles}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface SignInPageOptions {
  loginAction: string;
  abortAction: string;
  customers: DemoCustomerSummary[];
  email?: string;
  error?: string;
}

/** The stand-in for Shopify's customer login: pick a demo customer or type an email. */
export function renderSignInPage(options: SignInPageOptions): string {
  const { loginAction, abortAction, customers, email = "", error } = options;
  const errorId = "email-error";
  const customerButtons = customers
    .map((customer, index) => {
      const hintId = `customer-hint-${index}`;
      const hint = [customer.demoRole, customer.email].filter(Boolean).join(" · ");
      return `    <li>
      <button type="submit" class="secondary" name="email" value="${escapeHtml(customer.email)}" aria-describedby="${hintId}">Sign in as ${escapeHtml(customer.displayName)}</button>
      <span class="hint" id="${hintId}">${escapeHtml(hint)}</span>
    </li>`;
    })
    .join("\n");

  return renderPage({
    title: "Sign in",
    body: `<h1>Sign in</h1>
<p class="hint">Local stand-in for Shopify's customer login. No password needed: choose a demo customer or enter a customer's email.</p>
<form method="post" action="${escapeHtml(loginAction)}" novalidate>
  <div class="row">
    <div>
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}"${error ? ` aria-invalid="true" aria-describedby="${errorId}" autofocus` : ""}>
    </div>
    <button type="submit">Sign in</button>
  </div>
  ${error ? `<p class="error" id="${errorId}" role="alert">${escapeHtml(error)}</p>` : ""}
</form>
<h2>Demo customers</h2>
<form method="post" action="${escapeHtml(loginAction)}">
  <ul>
${customerButtons}
  </ul>
</form>
<h2>Changed your mind?</h2>
<form method="post" action="${escapeHtml(abortAction)}">
  <button type="submit" class="secondary">Cancel and return to the shop</button>
</form>`,
  });
}

export function renderExpiredInteractionPage(): string {
  return renderPage({
    title: "Sign-in expired",
    body: `<h1>This sign-in has expired</h1>
<p>Go back to the shop and choose “Sign in” again.</p>`,
  });
}
