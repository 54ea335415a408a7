import { Form, Link } from "react-router";
import { ProductCard, toCardProduct } from "../components/product/product-card";
import { toPageError } from "../lib/commerce/catalog-page.server";
import { collectionPath } from "../lib/commerce/paths";
import { normaliseSearchQuery, SEARCH_QUERY_MAX_LENGTH } from "../lib/commerce/search-query";
import { pageTitle, siteNameFrom } from "../lib/head";
import { PUBLIC_PAGE_CACHE } from "../lib/http-cache";
import type { PageQueryHandle } from "../lib/page-cache";
import { servicesContext, shopperContext } from "../lib/request-context.server";
import type { Route } from "./+types/search";

// The query parameters this page reads; the page cache ignores any other (decision 008).
export const handle = { pageQuery: ["q"] } satisfies PageQueryHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = normaliseSearchQuery(new URL(request.url).searchParams.get("q"));
  const catalog = context.get(shopperContext).catalog;
  // Collections to browse when there is nothing (or nothing found) to show.
  const browse = () =>
    catalog.getCollections().catch((error: unknown) => {
      context
        .get(servicesContext)
        .logger.warn({ err: error }, "search page: collections unavailable");
      return [];
    });
  if (!query) return { query, totalCount: 0, products: [], collections: await browse() };
  try {
    const results = await catalog.searchProducts(query);
    return {
      query,
      totalCount: results.totalCount,
      products: results.products.map(toCardProduct),
      collections: results.products.length === 0 ? await browse() : [],
    };
  } catch (error) {
    throw toPageError(error, context);
  }
}

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": PUBLIC_PAGE_CACHE,
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: pageTitle(
      loaderData?.query ? `Search results for “${loaderData.query}”` : "Search",
      siteNameFrom(matches),
    ),
  },
  // Result pages are endless and thin: search engines should index products, not searches.
  { name: "robots", content: "noindex, follow" },
];

function ResultsSummary({ query, shown, total }: { query: string; shown: number; total: number }) {
  if (shown < total) {
    return (
      <>
        Showing the first {shown} of {total} results for “{query}”
      </>
    );
  }
  return (
    <>
      {total} {total === 1 ? "result" : "results"} for “{query}”
    </>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, totalCount, products, collections } = loaderData;
  return (
    <div className="container-page py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-lagoon-900 sm:text-4xl">
        {query ? "Search results" : "Search"}
      </h1>
      <Form method="get" action="/search" role="search" className="mt-6 flex max-w-xl gap-2">
        <label htmlFor="search-page-query" className="sr-only">
          Search products
        </label>
        <input
          key={query}
          id="search-page-query"
          type="search"
          name="q"
          defaultValue={query}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder="Pumps, chlorine, spa covers…"
          className="h-12 min-w-0 flex-1 rounded-md border border-slate-300 px-4 text-base text-slate-900 placeholder:text-slate-500"
        />
        <button
          type="submit"
          className="h-12 rounded-md bg-lagoon-700 px-6 font-semibold text-white hover:bg-lagoon-800"
        >
          Search
        </button>
      </Form>

      {query ? (
        <p role="status" className="mt-6 text-slate-700">
          <ResultsSummary query={query} shown={products.length} total={totalCount} />
        </p>
      ) : (
        <p className="mt-6 text-slate-700">
          Search by product name, brand, type or use — for example “salt chlorinator” or “Davey”.
        </p>
      )}

      {products.length > 0 ? (
        <section aria-label="Results">
          <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-3 lg:grid-cols-4">
            {products.map((product, index) => (
              <li key={product.handle}>
                <ProductCard
                  product={product}
                  priority={index === 0}
                  eager={index < 4}
                  headingLevel={2}
                  showProductType
                />
              </li>
            ))}
          </ul>
        </section>
      ) : query ? (
        <div className="mt-8 rounded-lg border border-dashed border-slate-300 p-8">
          <h2 className="text-xl font-semibold text-slate-900">No results found for “{query}”</h2>
          <p className="mt-2 text-slate-700">
            Check the spelling, try a more general word, or browse a collection below.
          </p>
        </div>
      ) : null}

      {collections.length > 0 ? (
        <section className="mt-10">
          <h2 className="text-xl font-semibold text-lagoon-900">Browse the shop</h2>
          <ul className="mt-4 flex flex-wrap gap-2">
            {collections.map((collection) => (
              <li key={collection.id}>
                <Link
                  to={collectionPath(collection.handle)}
                  className="inline-flex min-h-10 items-center rounded-full border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:border-lagoon-700 hover:text-lagoon-800"
                >
                  {collection.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
