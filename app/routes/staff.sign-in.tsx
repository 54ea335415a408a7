import { data, Form, redirect } from "react-router";
import { Field, FormError } from "../components/account/field";
import { isOverRateLimit, type RateLimit } from "../lib/forms/public-form.server";
import { servicesContext, shopperContext } from "../lib/request-context.server";
import {
  peekStaffSignInLink,
  readStaff,
  sendStaffSignInLink,
  signInWithLink,
} from "../lib/staff/staff-session.server";
import type { Route } from "./+types/staff.sign-in";

// Staff sign in to the purchase-order inbox with a one-time link sent to their address (product
// §4, decision 012). Opening the link changes nothing (mail scanners open links): its page asks,
// and its button signs in.

const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

/** product §9: sign-in links asked for, per IP address. */
const STAFF_SIGN_IN_RATE_LIMIT: RateLimit = {
  scope: "staff-sign-in",
  limit: 10,
  windowSeconds: 15 * 60,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INBOX = "/staff/purchase-orders";

type PageData =
  | { state: "ask"; email: string; error?: string }
  | { state: "sent"; email: string }
  | { state: "link"; token: string; email: string }
  | { state: "spent" };

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const token = tokenOf(request);
  if (!token) {
    if (await readStaff(request, services)) return redirect(INBOX, { headers: PRIVATE });
    return data<PageData>({ state: "ask", email: "" }, { headers: PRIVATE });
  }
  const email = await peekStaffSignInLink(services, token);
  return email
    ? data<PageData>({ state: "link", token, email }, { headers: PRIVATE })
    : data<PageData>({ state: "spent" }, { status: 410, headers: PRIVATE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await request.formData().catch(() => new FormData());
  const token = form.get("token");
  if (typeof token === "string") {
    const signedIn = await signInWithLink(services, token);
    if (!signedIn) return data<PageData>({ state: "spent" }, { status: 410, headers: PRIVATE });
    const headers = new Headers(PRIVATE);
    headers.append("Set-Cookie", signedIn.setCookie);
    return redirect(INBOX, { headers });
  }
  const email = String(form.get("email") ?? "").trim();
  if (!EMAIL.test(email)) {
    return data<PageData>(
      { state: "ask", email, error: "Enter your staff email address, e.g. name@example.com." },
      { status: 400, headers: PRIVATE },
    );
  }
  const buyerIp = context.get(shopperContext).buyerIp;
  if (await isOverRateLimit(services.state, STAFF_SIGN_IN_RATE_LIMIT, buyerIp)) {
    return data<PageData>(
      { state: "ask", email, error: "Too many sign-in links asked for. Try again in 15 minutes." },
      { status: 429, headers: PRIVATE },
    );
  }
  await sendStaffSignInLink(services, email);
  return data<PageData>({ state: "sent", email }, { headers: PRIVATE });
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export function meta() {
  return [
    { title: "Staff sign-in — Coral Bay Pool & Spa" },
    { name: "robots", content: "noindex" },
  ];
}

const BUTTON =
  "inline-flex min-h-12 items-center rounded-md bg-lagoon-700 px-6 py-3 font-semibold text-white hover:bg-lagoon-800";

function AskForLink({ email, error }: { email: string; error?: string }) {
  return (
    <Form method="post" action="/staff/sign-in" className="mt-6 max-w-md space-y-4">
      <Field
        label="Staff email address"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={email}
        error={error}
        autoFocus={Boolean(error)}
      />
      <button type="submit" className={BUTTON}>
        Email me a sign-in link
      </button>
    </Form>
  );
}

export default function StaffSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  return (
    <div className="container-page max-w-2xl py-10">
      <h1 className="text-3xl font-bold text-lagoon-900">Staff sign-in</h1>
      {page.state === "ask" ? (
        <>
          <p className="mt-4">
            The purchase-order inbox is for the shop's staff. Enter your staff address and we email
            you a link that signs you in; it works once, within 15 minutes.
          </p>
          <AskForLink email={page.email} error={page.error} />
        </>
      ) : page.state === "sent" ? (
        <p role="status" className="mt-4 text-lg">
          If {page.email} is a staff address, a sign-in link is on its way to it. The link works
          once, within 15 minutes.
        </p>
      ) : page.state === "link" ? (
        <Form method="post" action="/staff/sign-in" className="mt-6">
          <input type="hidden" name="token" value={page.token} />
          <button type="submit" className={BUTTON}>
            Sign in as {page.email}
          </button>
        </Form>
      ) : (
        <>
          <FormError message="This sign-in link was already used or has expired. Ask for a new one." />
          <AskForLink email="" />
        </>
      )}
    </div>
  );
}
