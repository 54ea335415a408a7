import { PageHeader } from "../components/content/page-parts";
import { deferred } from "../components/deferred";
import { formatMoney } from "../components/product/money";
import {
  loadPurchaseOrderCheckout,
  submitPurchaseOrderCheckout,
} from "../lib/commercial/purchase-order-checkout.server";
import { shopToday } from "../lib/commercial/purchase-order-form";
import { type GuardedHandle, requireGuards } from "../lib/customer/guards.server";
import { RichHtml } from "../slices/parts";
import type { Route } from "./+types/purchase-order-checkout";

// The purchase-order form hydrates after the page (docs/decisions/001-javascript-budget.md); until
// then it posts as it does without JavaScript.
const PurchaseOrderForm = deferred(() =>
  import("../components/commercial/purchase-order-form").then((module) => module.PurchaseOrderForm),
);

// product §6: the purchase-order flow is for signed-in commercial customers only.
export const handle = { guards: ["auth", "commercial"] } satisfies GuardedHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await requireGuards(handle, request, context);
  return loadPurchaseOrderCheckout(request, context, customer);
}

export async function action({ request, context }: Route.ActionArgs) {
  const customer = await requireGuards(handle, request, context);
  return submitPurchaseOrderCheckout(request, context, customer);
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  const page = loaderData?.page;
  return [
    { title: page?.meta.title || "Purchase order checkout | Coral Bay Pool & Spa" },
    { name: "robots", content: "noindex" },
  ];
}

export default function PurchaseOrderCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { page, checkout } = loaderData;
  const { cart } = checkout;
  return (
    <>
      <PageHeader title={page?.title ?? "Purchase order checkout"} introHtml={page?.introHtml} />
      <div className="container-page grid gap-10 pb-16 lg:grid-cols-[1fr_24rem]">
        <div>
          {page?.instructionsHtml ? (
            <RichHtml html={page.instructionsHtml} className="prose-content mb-8 text-slate-700" />
          ) : null}
          {cart && cart.lines.length > 0 && checkout.idempotencyKey ? (
            <PurchaseOrderForm
              idempotencyKey={checkout.idempotencyKey}
              addresses={checkout.addresses}
              defaultAddressId={checkout.defaultAddressId}
              locations={checkout.locations}
              result={actionData}
              today={shopToday()}
            />
          ) : (
            <p role="status" className="text-slate-700">
              Your cart is empty. There are no products in your cart.
            </p>
          )}
        </div>
        {cart && cart.lines.length > 0 ? (
          <section aria-labelledby="po-cart-heading" className="rounded-md bg-slate-50 p-5">
            <h2 id="po-cart-heading" className="text-lg font-semibold text-lagoon-900">
              Your order
            </h2>
            <ul className="mt-4 divide-y divide-slate-200">
              {cart.lines.map((line) => (
                <li key={line.id} className="flex justify-between gap-4 py-3 text-sm">
                  <span>
                    <span className="font-medium text-slate-900">{line.productTitle}</span>
                    {line.variantTitle && line.variantTitle !== "Default Title" ? (
                      <span className="block text-slate-600">{line.variantTitle}</span>
                    ) : null}
                    <span className="block text-slate-600">
                      {line.quantity} × {formatMoney(line.productPrice)}
                    </span>
                  </span>
                  <span className="font-medium">{formatMoney(line.lineTotal)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-4 flex justify-between border-t border-slate-300 pt-4 font-semibold">
              <span>Subtotal</span>
              <span data-testid="po-subtotal">{formatMoney(cart.cost.subtotalAmount)}</span>
            </p>
            <p className="mt-1 text-sm text-slate-600">
              GST included. Shipping is confirmed on your invoice.
            </p>
          </section>
        ) : null}
      </div>
    </>
  );
}
