import { useEffect, useRef } from "react";
import { Link, redirect, useLocation, useNavigation } from "react-router";
import { deferred } from "../components/deferred";
import { type CardProduct, ProductCard } from "../components/product/product-card";
import { Breadcrumbs } from "../components/ui/breadcrumbs";
import { cardsOf, requireCatalogData } from "../lib/commerce/catalog-page.server";
import {
  appendPage,
  collectionViewSearch,
  parseCollectionView,
  previousProductsFrom,
  sortOrder,
} from "../lib/commerce/collection-view";
import { collectionPath } from "../lib/commerce/paths";
import { sanitizeDescription } from "../lib/commerce/sanitize-description.server";
import { StorefrontError } from "../lib/commerce/storefront.server";
import { siteNameFrom, titledMeta } from "../lib/head";
import { PUBLIC_PAGE_CACHE } from "../lib/http-cache";
import { readJsonText } from "../lib/json-text";
import type { PageQueryHandle } from "../lib/page-cache";
import { servicesContext, shopperContext } from "../lib/request-context.server";
import { absoluteUrl, breadcrumbJsonLd, catalogMeta, metaDescription } from "../lib/seo";
import type { Route } from "./+types/collection";

// The query parameters this page reads; the page cache ignores any other (decision 008).
export const handle = { pageQuery: ["sort", "tag", "after"] } satisfies PageQueryHandle;

// Sorting and the tag filter hydrate after the page (docs/decisions/001-javascript-budget.md);
// until then they are the plain GET forms and links they are without JavaScript.
const SortForm = deferred(() =>
  import("../components/product/collection-controls").then((module) => module.SortForm),
);
const TagFilter = deferred(() =>
  import("../components/product/collection-controls").then((module) => module.TagFilter),
);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const view = parseCollectionView(new URL(request.url).searchParams);
  const basePath = collectionPath(params.id);
  const catalog = context.get(shopperContext).catalog;
  // The tag list is a refinement: without it the page still sells.
  const tags = catalog.getCollectionTags(params.id).catch((error: unknown) => {
    context.get(servicesContext).logger.warn({ err: error }, "collection page: tags unavailable");
    return null;
  });
  const page = catalog
    .getCollection(params.id, {
      ...sortOrder(view.sort),
      after: view.after,
      tags: view.tag ? [view.tag] : undefined,
    })
    .catch((error: unknown) => {
      // A cursor the storefront rejects (edited by hand, or from before a catalogue change).
      if (view.after && error instanceof StorefrontError && error.status === 502) {
        throw redirect(`${basePath}${collectionViewSearch({ ...view, after: null })}`);
      }
      throw error;
    });
  const collection = await requireCatalogData(page, context);
  const { publicUrl } = context.get(servicesContext).config;
  const crumbs = [
    { name: "Home", path: "/" },
    { name: collection.title, path: basePath },
  ];
  const canonical = absoluteUrl(publicUrl, basePath);
  return {
    collection: {
      title: collection.title,
      descriptionHtml: sanitizeDescription(collection.descriptionHtml),
    },
    // One string, made once per cached collection (json-text.ts).
    products: cardsOf(collection),
    pageInfo: collection.pageInfo,
    tags: (await tags) ?? [],
    view,
    basePath,
    crumbs,
    title: collection.seo.title || collection.title,
    meta: catalogMeta({
      title: collection.seo.title || collection.title,
      description: collection.seo.description || metaDescription(collection.description),
      canonical,
      image: collection.image
        ? { url: collection.image.url, alt: collection.image.altText ?? collection.title }
        : null,
      jsonLd: [breadcrumbJsonLd(publicUrl, crumbs)],
    }),
  };
}

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": PUBLIC_PAGE_CACHE,
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? titledMeta(loaderData.title, loaderData.meta, siteNameFrom(matches)) : [];

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const { collection, pageInfo, tags, view, basePath, crumbs } = loaderData;
  const products = readJsonText(loaderData.products);
  const location = useLocation();
  const navigation = useNavigation();
  const gridRef = useRef<HTMLUListElement>(null);
  const loadingMore = useRef(false);

  const previous = previousProductsFrom<CardProduct>(location.state);
  const shown = appendPage(previous, products);
  const openedMidway = view.after !== null && previous.length === 0;
  const firstPage = `${basePath}${collectionViewSearch({ sort: view.sort, tag: view.tag })}`;
  const loading = navigation.state === "loading" && navigation.location.pathname === basePath;

  // After "Load more", keyboard focus moves to the first new product rather than being lost
  // when the button goes away on the last page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation.
  useEffect(() => {
    if (!loadingMore.current) return;
    loadingMore.current = false;
    const links = gridRef.current?.querySelectorAll<HTMLAnchorElement>("h2 a, h3 a");
    links?.[previous.length]?.focus({ preventScroll: true });
  }, [location.key]);

  return (
    <div className="container-page py-6 sm:py-10">
      <Breadcrumbs crumbs={crumbs} />
      <header className="mt-4 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-lagoon-900 sm:text-4xl">
          {collection.title}
        </h1>
        {collection.descriptionHtml ? (
          <div
            className="prose-content mt-2 text-lg text-slate-700"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (sanitize-description.server.ts).
            dangerouslySetInnerHTML={{ __html: collection.descriptionHtml }}
          />
        ) : null}
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[14rem_1fr]">
        <aside>
          <TagFilter basePath={basePath} view={view} tags={tags} />
        </aside>
        <section aria-labelledby="collection-products">
          <h2 id="collection-products" className="sr-only">
            Products
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-4">
            <p aria-live="polite" className="text-sm text-slate-600">
              {view.tag ? (
                <>
                  Tagged <strong className="font-semibold text-slate-900">{view.tag}</strong>
                  {" · "}
                </>
              ) : null}
              Showing {shown.length} {shown.length === 1 ? "product" : "products"}
            </p>
            <SortForm view={view} />
          </div>

          {openedMidway ? (
            <p className="mt-4 rounded-md bg-lagoon-50 px-4 py-3 text-sm text-lagoon-900">
              These are later products in {collection.title}.{" "}
              <Link to={firstPage} className="font-semibold underline underline-offset-2">
                Back to the first page
              </Link>
            </p>
          ) : null}

          {shown.length > 0 ? (
            <ul
              ref={gridRef}
              className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-3 xl:grid-cols-4"
            >
              {shown.map((product, index) => (
                <li key={product.handle}>
                  <ProductCard product={product} priority={index === 0} eager={index < 4} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="mt-10 rounded-lg border border-dashed border-slate-300 p-10 text-center">
              <p className="text-lg font-medium text-slate-900">No products match this filter.</p>
              <Link
                to={basePath}
                className="mt-3 inline-block font-semibold text-lagoon-700 underline underline-offset-2"
              >
                Show all of {collection.title}
              </Link>
            </div>
          )}

          {pageInfo.hasNextPage && pageInfo.endCursor ? (
            <div className="mt-10 flex justify-center">
              <Link
                to={`${basePath}${collectionViewSearch({ ...view, after: pageInfo.endCursor })}`}
                state={{ previousProducts: shown }}
                replace
                preventScrollReset
                onClick={() => {
                  loadingMore.current = true;
                }}
                aria-disabled={loading || undefined}
                className="inline-flex min-h-12 items-center justify-center rounded-md border-2 border-lagoon-700 px-8 py-3 font-semibold text-lagoon-800 hover:bg-lagoon-50 aria-disabled:opacity-70"
              >
                {loading ? "Loading…" : "Load more"}
              </Link>
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}
