import type { PredictiveSearchResults } from "../../lib/commerce/types";
import { priceLabel } from "../product/money";

// What /api/predictive-search answers: just what the header's suggestion list shows, with prices
// already formatted, so the search box (on every page) ships no formatting code.

export interface SearchSuggestion {
  handle: string;
  title: string;
  productType: string;
  price: string;
  image: { url: string; width: number | null; height: number | null } | null;
}

export interface SearchSuggestions {
  query: string;
  products: SearchSuggestion[];
}

export function toSearchSuggestions(results: PredictiveSearchResults): SearchSuggestions {
  return {
    query: results.query,
    products: results.products.map((product) => ({
      handle: product.handle,
      title: product.title,
      productType: product.productType,
      price: priceLabel(product.priceRange),
      image: product.image
        ? { url: product.image.url, width: product.image.width, height: product.image.height }
        : null,
    })),
  };
}
