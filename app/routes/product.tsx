import { data } from "react-router";
import { deferred } from "../components/deferred";
import { Price } from "../components/product/price";
import { StockMessage } from "../components/product/stock-message";
import { Breadcrumbs } from "../components/ui/breadcrumbs";
import { requireCatalogData } from "../lib/commerce/catalog-page.server";
import { isEarlyAccess } from "../lib/commerce/early-access";
import { requireVipShopper } from "../lib/commerce/early-access.server";
import { type ProductPageData, productPageData } from "../lib/commerce/product-page.server";
import { withCookies } from "../lib/customer/session.server";
import { siteNameFrom, titledMeta } from "../lib/head";
import { PUBLIC_PAGE_CACHE } from "../lib/http-cache";
import { jsonText, readJsonText } from "../lib/json-text";
import type { PageQueryHandle } from "../lib/page-cache";
import { servicesContext, shopperContext } from "../lib/request-context.server";
import type { Route } from "./+types/product";

// The query parameters this page reads; the page cache ignores any other (decision 008).
export const handle = { pageQuery: ["variant"] } satisfies PageQueryHandle;

// The gallery's thumbnails, the option picker, the buy box and the file list hydrate after the
// page (docs/decisions/001-javascript-budget.md); until then they work as without JavaScript.
const ProductGallery = deferred(() =>
  import("../components/product/product-gallery").then((module) => module.ProductGallery),
);
const VariantPicker = deferred(() =>
  import("../components/product/variant-picker").then((module) => module.VariantPicker),
);
const ProductForm = deferred(() =>
  import("../components/product/product-form").then((module) => module.ProductForm),
);
const ProductFiles = deferred(() =>
  import("../components/product/product-files").then((module) => module.ProductFiles),
);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const product = await requireCatalogData(
    context.get(shopperContext).catalog.getProduct(params.handle),
    context,
  );
  // product §6: a product the shop has not released yet is for VIP customers' eyes only.
  const vipCookies = isEarlyAccess(product) ? await requireVipShopper(request, context) : null;
  const variantParam = new URL(request.url).searchParams.get("variant");
  // One string, made once per product and variant (json-text.ts).
  const page = jsonText(
    productPageData(product, variantParam, context.get(servicesContext).config.publicUrl),
  );
  return vipCookies
    ? data({ page }, { headers: withCookies(vipCookies, { "Cache-Control": "private, no-store" }) })
    : data({ page });
}

// A released product's page is the same for everyone; an early-access one is a VIP's own.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) =>
  loaderHeaders.has("Cache-Control") ? loaderHeaders : { "Cache-Control": PUBLIC_PAGE_CACHE };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const page = readJsonText(loaderData.page);
  return titledMeta(page.title, page.meta, siteNameFrom(matches));
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return <Product page={readJsonText(loaderData.page)} />;
}

function Product({ page }: { page: ProductPageData }) {
  const { product, variant, options, stock, maxQuantity, downloads, directions, crumbs } = page;
  return (
    <div className="container-page py-6 sm:py-10">
      <Breadcrumbs crumbs={crumbs} />
      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-14">
        <ProductGallery
          images={product.images}
          title={product.title}
          selectedImageUrl={variant?.image?.url}
        />
        <div className="flex flex-col gap-6">
          <div>
            {product.vendor ? (
              <p className="text-sm font-semibold tracking-wide text-lagoon-700 uppercase">
                {product.vendor}
              </p>
            ) : null}
            <h1 className="mt-1 text-3xl font-bold tracking-tight text-lagoon-900 sm:text-4xl">
              {product.title}
            </h1>
            {variant ? (
              <Price
                price={variant.price}
                compareAtPrice={variant.compareAtPrice}
                className="mt-4 text-2xl text-slate-900"
              />
            ) : null}
            <p className="mt-1 text-sm text-slate-600">Prices include GST.</p>
          </div>
          {options.length > 0 ? <VariantPicker options={options} /> : null}
          <dl className="flex flex-col gap-2 border-y border-slate-200 py-4 text-sm">
            <div className="flex gap-2">
              <dt className="font-medium text-slate-900">Availability:</dt>
              <dd>
                <StockMessage
                  status={stock}
                  variantTitle={options.length > 0 ? variant?.title : undefined}
                />
              </dd>
            </div>
            {variant?.sku ? (
              <div className="flex gap-2">
                <dt className="font-medium text-slate-900">SKU:</dt>
                <dd className="text-slate-700" data-testid="sku">
                  {variant.sku}
                </dd>
              </div>
            ) : null}
          </dl>
          <ProductForm
            handle={product.handle}
            product={product}
            variant={variant}
            purchasable={stock.purchasable}
            maxQuantity={maxQuantity}
            requestAQuote={product.requestAQuote}
            quantityTicker={product.quantityTicker}
          />
        </div>
      </div>
      <div className="mt-12 grid gap-10 lg:grid-cols-3">
        <section className="lg:col-span-2">
          <h2 className="text-xl font-semibold text-lagoon-900">Description</h2>
          <div
            className="prose-content mt-3 max-w-prose text-slate-800"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (sanitize-description.server.ts).
            dangerouslySetInnerHTML={{ __html: product.descriptionHtml }}
          />
        </section>
        <div>
          <ProductFiles heading="Downloads" files={downloads} />
          <ProductFiles heading="Directions" files={directions} />
        </div>
      </div>
    </div>
  );
}
