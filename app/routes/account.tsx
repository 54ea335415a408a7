import { data, Form, Link, redirect, useNavigation } from "react-router";
import {
  CommercialOrders,
  type CommercialOrdersPage,
} from "../components/account/commercial-orders";
import { OrderHistory } from "../components/account/order-history";
import { deferred } from "../components/deferred";
import { listPurchaseOrders } from "../lib/commercial/purchase-orders.server";
import { CustomerActionError } from "../lib/customer/account.server";
import type { AccountActionResult } from "../lib/customer/account-form";
import { type GuardedHandle, requireGuards } from "../lib/customer/guards.server";
import { withCookies } from "../lib/customer/session.server";
import { readPageForm } from "../lib/request-body.server";
import { servicesContext } from "../lib/request-context.server";
import { loadCustomerCertificates } from "../lib/training/certificates.server";
import type { Route } from "./+types/account";

// The account's forms and the certificates' downloads hydrate after the page
// (docs/decisions/001-javascript-budget.md); until then they work as they do without JavaScript.
const ProfileForm = deferred(() =>
  import("../components/account/profile-form").then((module) => module.ProfileForm),
);
const AddressBook = deferred(() =>
  import("../components/account/address-book").then((module) => module.AddressBook),
);
const Certificates = deferred(() =>
  import("../components/account/certificates").then((module) => module.Certificates),
);

export const handle = { guards: ["auth"] } satisfies GuardedHandle;

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await requireGuards(handle, request, context);
  const profile = await customer.account.profile();
  const certificates = await loadCustomerCertificates(
    request,
    context.get(servicesContext),
    profile.courses,
  );
  const commercialOrders = profile.commercial
    ? await loadCommercialOrders(request, context, profile.id)
    : null;
  // Without JavaScript, 'Load more' comes here with the cursor of the next page of orders.
  const after = new URL(request.url).searchParams.get("ordersAfter");
  if (after) {
    const page = await customer.account.ordersAfter(after);
    return data(
      {
        profile: {
          ...profile,
          orders: [...profile.orders, ...page.orders],
          ordersPage: page.pageInfo,
        },
        certificates,
        commercialOrders,
      },
      { headers: withCookies(customer.setCookies, PRIVATE) },
    );
  }
  return data(
    { profile, certificates, commercialOrders },
    { headers: withCookies(customer.setCookies, PRIVATE) },
  );
}

/** product §9: 10 a page; without JavaScript 'Load more' asks for more pages (at most 50). */
async function loadCommercialOrders(
  request: Request,
  context: Route.LoaderArgs["context"],
  customerId: string,
): Promise<CommercialOrdersPage | { error: string }> {
  const asked = Number(new URL(request.url).searchParams.get("commercialPages") ?? "1");
  const pages = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), 50) : 1;
  try {
    const list = await listPurchaseOrders(context.get(servicesContext).database.db, customerId, {
      page: 1,
      limit: 10 * pages,
    });
    return { ...list, page: pages };
  } catch (error) {
    context.get(servicesContext).logger.warn({ err: error }, "commercial orders could not be read");
    return { error: "Failed to fetch commercial orders" };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const customer = await requireGuards(handle, request, context);
  const form = await readPageForm(request);
  const values = Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const intent = values.intent ?? "";
  try {
    switch (intent) {
      case "update-name":
        await customer.account.updateName(values);
        break;
      case "add-address":
        await customer.account.addAddress({
          ...values,
          defaultAddress: values.defaultAddress === "on",
        });
        break;
      case "delete-address":
        await customer.account.deleteAddress(values.addressId);
        break;
      case "set-default-address":
        await customer.account.setDefaultAddress(values.addressId);
        break;
      default:
        return data<AccountActionResult>(
          { intent, error: "Unknown action", values },
          { status: 400 },
        );
    }
  } catch (error) {
    if (error instanceof CustomerActionError) {
      return data<AccountActionResult>(
        { intent, error: error.message, field: error.field, values },
        { status: error.status, headers: withCookies(customer.setCookies, PRIVATE) },
      );
    }
    throw error;
  }
  return redirect(`/account#${intent.includes("address") ? "addresses" : "profile"}`, {
    headers: withCookies(customer.setCookies, PRIVATE),
  });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Set-Cookie") ? actionHeaders : loaderHeaders;
}

export function meta() {
  return [{ title: "My Account — Coral Bay Pool & Spa" }, { name: "robots", content: "noindex" }];
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, certificates, commercialOrders } = loaderData;
  const navigation = useNavigation();
  const signingOut = navigation.formAction === "/account/logout";
  return (
    <div className="container-page py-10">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-6">
        <div>
          <h1 className="text-3xl font-bold text-lagoon-900">My Account</h1>
          <p className="mt-1 text-slate-700">
            Welcome back, {profile.firstName || profile.displayName}.
            {profile.commercial ? " Your trade account is active." : ""}
          </p>
          {profile.vip ? (
            <p className="mt-2">
              <Link to="/account/vip" className="font-semibold text-lagoon-700 underline">
                VIP early access
              </Link>
            </p>
          ) : null}
        </div>
        {/* A document submission: sign-out ends at the platform's logout page, outside the app. */}
        <Form method="post" action="/account/logout" reloadDocument>
          <button
            type="submit"
            disabled={signingOut}
            className="rounded-md border border-lagoon-700 px-4 py-2 font-semibold text-lagoon-800 hover:bg-lagoon-50 disabled:opacity-60"
          >
            {signingOut ? "Signing out…" : "Sign out"}
          </button>
        </Form>
      </div>
      <div className="mt-8 grid gap-10 lg:grid-cols-3">
        <div className="space-y-10 lg:col-span-1">
          <ProfileForm
            profile={profile}
            result={actionData?.intent === "update-name" ? actionData : undefined}
          />
        </div>
        <div className="space-y-10 lg:col-span-2">
          <AddressBook
            addresses={profile.addresses}
            defaultAddressId={profile.defaultAddressId}
            result={actionData?.intent.includes("address") ? actionData : undefined}
          />
          <Certificates
            certificates={certificates}
            holder={`${profile.firstName} ${profile.lastName}`.trim() || profile.displayName}
          />
          {commercialOrders && "error" in commercialOrders ? (
            <p role="alert" className="text-coral-600">
              {commercialOrders.error}
            </p>
          ) : commercialOrders ? (
            <CommercialOrders initial={commercialOrders} />
          ) : null}
          <OrderHistory orders={profile.orders} page={profile.ordersPage} />
        </div>
      </div>
    </div>
  );
}
