import { data, Link } from "react-router";
import { PageHeader } from "../components/content/page-parts";
import { ThankYouMessage } from "../components/content/thank-you-message";
import { formatMoney } from "../components/product/money";
import { isCourseProduct } from "../lib/commerce/cart";
import { loadThankYouPage } from "../lib/content/pages.server";
import { contentReader, notFound } from "../lib/content/reader.server";
import { customerAccount, type OrderDetail } from "../lib/customer/account.server";
import { readFreshSession } from "../lib/customer/fresh-session.server";
import { withCookies } from "../lib/customer/session.server";
import { PUBLIC_PAGE_CACHE } from "../lib/http-cache";
import { servicesContext, shopperContext } from "../lib/request-context.server";
import type { Route } from "./+types/order-received";

/**
 * Where the hosted checkout comes back to (issue 12, item 7): the `order-received` thank-you page.
 * A signed-in customer whose order `?order=` is sees its number, total and items; anyone else
 * (anonymous, or not their order) gets the generic text, never someone else's order.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const orderId = new URL(request.url).searchParams.get("order") ?? "";
  const content = contentReader(request, services, context.get(shopperContext).url);
  const generic = await loadThankYouPage(content, "order-received");
  if (!generic) notFound();
  if (!/^\d{1,20}$/.test(orderId)) {
    return data(
      { page: generic, order: null },
      { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
    );
  }
  const fresh = await readFreshSession(request, services);
  let order: OrderDetail | null = null;
  if (fresh.status === "signed-in") {
    order = await customerAccount(services, fresh.session)
      .order(`gid://shopify/Order/${orderId}`)
      .catch(() => null);
  }
  // An order with a course confirms the booking: the `course-booking` thank-you page, shown only
  // here, to the customer whose order it is (product §2).
  const booked = order?.lineItems.nodes.some((line) =>
    isCourseProduct({ productType: line.productType ?? "", tags: [], title: line.title }),
  );
  const page = (booked && (await loadThankYouPage(content, "course-booking"))) || generic;
  const setCookies =
    fresh.status === "signed-in" || fresh.status === "rejected" ? fresh.setCookies : [];
  return data(
    {
      page,
      order: order && {
        id: orderId,
        name: order.name,
        total: order.totalPrice,
        items: order.lineItems.nodes.map((line) => ({
          title: line.title,
          variantTitle: line.variantTitle,
          quantity: line.quantity,
        })),
      },
    },
    { headers: withCookies(setCookies, { "Cache-Control": "private, no-store" }) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.page.title ?? "Thank you for your order"} | Coral Bay Pool & Spa` },
    { name: "robots", content: "noindex" },
  ];
}

export default function OrderReceived({ loaderData }: Route.ComponentProps) {
  const { page, order } = loaderData;
  return (
    <>
      <PageHeader title={page.title} />
      <div className="container-page pb-16">
        {order ? (
          <section
            aria-labelledby="order-received-heading"
            className="mb-6 max-w-3xl rounded-md border border-lagoon-200 bg-lagoon-50 p-5"
          >
            <h2 id="order-received-heading" className="text-lg font-semibold text-slate-900">
              Order{" "}
              <Link to={`/account/orders/${order.id}`} className="text-lagoon-700 underline">
                {order.name}
              </Link>{" "}
              · {order.total ? formatMoney(order.total) : ""}
            </h2>
            <ul className="mt-2 text-slate-700">
              {order.items.map((item) => (
                <li key={`${item.title}-${item.variantTitle}`}>
                  {item.quantity} × {item.title}
                  {item.variantTitle && item.variantTitle !== "Default Title"
                    ? ` (${item.variantTitle})`
                    : ""}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <ThankYouMessage page={page} />
      </div>
    </>
  );
}
