import { data, Link } from "react-router";
import { ProductCard, toCardProduct } from "../components/product/product-card";
import { SEARCH_CACHE } from "../lib/commerce/catalog.server";
import { EARLY_ACCESS_PRODUCTS_QUERY } from "../lib/commerce/operations/early-access";
import { reshapeSearchResult } from "../lib/commerce/reshape";
import { type GuardedHandle, requireGuards } from "../lib/customer/guards.server";
import { withCookies } from "../lib/customer/session.server";
import { shopperContext } from "../lib/request-context.server";
import type { Route } from "./+types/account.vip";

// product §6: what VIP changes. VIP customers (custom.vip_access = true) see the products the
// shop releases to them first: those tagged `vip-early-access`, listed here before anywhere else.
export const handle = { guards: ["auth", "vip"] } satisfies GuardedHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await requireGuards(handle, request, context);
  const result = await context
    .get(shopperContext)
    .storefront.query(EARLY_ACCESS_PRODUCTS_QUERY, { cache: SEARCH_CACHE });
  const products = result.products.nodes.map((node) => toCardProduct(reshapeSearchResult(node)));
  return data(
    { products },
    { headers: withCookies(customer.setCookies, { "Cache-Control": "private, no-store" }) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta() {
  return [
    { title: "VIP early access — Coral Bay Pool & Spa" },
    { name: "robots", content: "noindex" },
  ];
}

export default function VipEarlyAccess({ loaderData }: Route.ComponentProps) {
  const { products } = loaderData;
  return (
    <div className="container-page py-10">
      <p>
        <Link to="/account" className="text-lagoon-700 underline">
          Back to my account
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-lagoon-900">VIP early access</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        New arrivals, for our VIP customers first. Order them now, before they appear in the shop's
        collections.
      </p>
      {products.length === 0 ? (
        <p className="mt-6 text-slate-700">Nothing new just now: check back soon.</p>
      ) : (
        <ul className="mt-8 grid grid-cols-2 gap-6 md:grid-cols-3 xl:grid-cols-4">
          {products.map((product) => (
            <li key={product.handle}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
