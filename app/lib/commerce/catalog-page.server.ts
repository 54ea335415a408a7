import { data, type RouterContextProvider } from "react-router";
import { type CardProduct, toCardProduct } from "../../components/product/product-card";
import { type JsonText, jsonText } from "../json-text";
import { oncePerObject } from "../once-per-object";
import { servicesContext } from "../request-context.server";
import { StorefrontError } from "./storefront.server";
import type { Collection } from "./types";

// What the catalogue's route modules share: the catalogue for this shopper, how missing items
// and a failing storefront become the spec's error pages, and a collection's cards.

/** A StorefrontError becomes the error page with its status (503, 502); anything else is rethrown. */
export function toPageError(error: unknown, context?: Readonly<RouterContextProvider>): unknown {
  if (!(error instanceof StorefrontError)) return error;
  context
    ?.get(servicesContext)
    .logger.warn(
      { err: error.cause ?? error, status: error.status },
      `catalogue page: ${error.message}`,
    );
  return data(null, { status: error.status });
}

/**
 * Awaits a catalogue read for a page: `null` (no such product or collection) throws the 404 page,
 * a failing storefront the error page with its status.
 */
export async function requireCatalogData<T>(
  load: Promise<T | null>,
  context?: Readonly<RouterContextProvider>,
): Promise<T> {
  let value: T | null;
  try {
    value = await load;
  } catch (error) {
    throw toPageError(error, context);
  }
  if (value === null) throw data(null, { status: 404 });
  return value;
}

/**
 * A collection page's product cards as one JSON text (json-text.ts), made once per collection
 * object: the catalogue hands every request the same one while its cache entry lasts.
 */
export const cardsOf = oncePerObject(
  (collection: Collection): JsonText<CardProduct[]> =>
    jsonText(collection.products.map(toCardProduct)),
);
