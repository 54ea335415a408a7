import { toSearchSuggestions } from "../components/search/suggestions";
import { normaliseSearchQuery } from "../lib/commerce/search-query";
import { StorefrontError } from "../lib/commerce/storefront.server";
import { PUBLIC_PAGE_CACHE } from "../lib/http-cache";
import { servicesContext, shopperContext } from "../lib/request-context.server";
import type { Route } from "./+types/api.predictive-search";

// GET /api/predictive-search?q= — suggestions for the header's search box, as JSON. Answers are
// the same for everyone, so browsers and CDNs may keep them like catalogue pages.
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = normaliseSearchQuery(new URL(request.url).searchParams.get("q"));
  try {
    const results = await context.get(shopperContext).catalog.predictiveSearch(query);
    return Response.json(toSearchSuggestions(results), {
      headers: { "Cache-Control": PUBLIC_PAGE_CACHE },
    });
  } catch (error) {
    if (!(error instanceof StorefrontError)) throw error;
    context
      .get(servicesContext)
      .logger.warn({ err: error.cause ?? error }, `predictive search: ${error.message}`);
    return Response.json(
      { query, products: [], error: error.message },
      { status: error.status, headers: { "Cache-Control": "no-store" } },
    );
  }
}
