import {
  createContext,
  type MiddlewareFunction,
  type RouterContext,
  type RouterContextProvider,
} from "react-router";
import type { Catalog } from "./commerce/catalog.server";
import type { StorefrontClient } from "./commerce/storefront.server";
import type { AppContext, ServerRequestValues } from "./context.server";
import { isDatabaseUnreachable } from "./database";

// What a loader, an action or the document's render reads of its request, through React Router's
// request context: the process's clients (`servicesContext`), set by the server for every request,
// and the shopper's own (`shopperContext`), made once per request by the root's middleware.

/** The shopper's request, with the clients that act for them. */
export interface Shopper extends ServerRequestValues {
  /** The page asked for: without React Router's `.data` suffix and its own search parameters. */
  url: URL;
  /** A Storefront API client whose calls carry the buyer's IP and end when the shopper leaves. */
  storefront: StorefrontClient;
  /** The catalogue read through that client. */
  catalog: Catalog;
}

export const servicesContext = createContext<AppContext>();
const serverRequestContext = createContext<ServerRequestValues>();
export const shopperContext = createContext<Shopper>();
/**
 * Where the server wants this request's faults (its request line), if it said; a context made
 * without the server (a test calling a loader) has none and the fault is logged on its own.
 */
const faultTakerContext = createContext<{ take?(error: unknown): void }>({});
/** What went wrong while answering this request, as `handleError` saw it (request-errors.server.ts). */
const requestFaultsContext = createContext<{ databaseUnreachable: boolean }>();

/** How soon to try again when the database could not be reached. */
const DATABASE_RETRY_AFTER_SECONDS = 30;

/**
 * What the server puts in React Router's context for one request (`getLoadContext`). The server
 * makes the RouterContextProvider itself, from its own React Router: the router checks that it
 * is one of its own.
 */
export function requestContextValues(
  services: AppContext,
  values: ServerRequestValues,
): Map<RouterContext, unknown> {
  return new Map<RouterContext, unknown>([
    [servicesContext, services],
    [serverRequestContext, values],
    [faultTakerContext, { take: values.onFault }],
    [requestFaultsContext, { databaseUnreachable: false }],
  ]);
}

/**
 * Notes an error `handleError` was given: one saying the database could not be reached makes the
 * answer a 503 (see shopperMiddleware).
 */
export function noteRequestFault(context: Readonly<RouterContextProvider>, error: unknown): void {
  if (isDatabaseUnreachable(error)) context.get(requestFaultsContext).databaseUnreachable = true;
}

/**
 * The root's middleware: the shopper's clients, made once for every loader and action after it.
 * A page or data request that needed the database while it could not be reached answers 503 with
 * `Retry-After` (the error page as rendered): the shop is unavailable for a moment, not broken,
 * and nothing may keep the answer.
 */
export const shopperMiddleware: MiddlewareFunction<Response> = async (
  { request, context, url },
  next,
) => {
  const services = context.get(servicesContext);
  const values = context.get(serverRequestContext);
  let storefront: StorefrontClient | undefined;
  let catalog: Catalog | undefined;
  // Made on first use: most requests read the catalogue through the cache and never call out.
  context.set(shopperContext, {
    ...values,
    url,
    get storefront() {
      storefront ??= services.storefront(values.buyerIp, request.signal);
      return storefront;
    },
    get catalog() {
      catalog ??= services.catalog(values.buyerIp, request.signal);
      return catalog;
    },
  });
  const response = await next();
  if (!context.get(requestFaultsContext).databaseUnreachable || response.status < 500) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
};

/** The server's taker of this request's faults, when the server gave one. */
export function faultTakerOf(
  context: Readonly<RouterContextProvider>,
): ((error: unknown) => void) | undefined {
  return context.get(faultTakerContext).take;
}

/** What the server said of this request (nonce, id), for the document's render (`entry.server.tsx`). */
export function serverValuesOf(context: Readonly<RouterContextProvider>): ServerRequestValues {
  return context.get(serverRequestContext);
}
