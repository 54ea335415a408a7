import type { RouterContextProvider } from "react-router";
import { isRouteErrorResponse } from "react-router";
import { faultTakerOf, noteRequestFault, servicesContext } from "./request-context.server";

/**
 * React Router's `handleError`: what it reports goes to the shop's structured log, once. A
 * client's mistake that the router answers with a 4xx itself (a POST to a page without an
 * action, a method it does not serve, an action posted with a foreign Origin) is not an error of
 * the shop: logged with a stack each, a stray client could fill the log (3,200 requests of the fuzz
 * suite left 1,000 stack traces on stderr).
 */
export function reportRequestError(
  error: unknown,
  { request, context }: { request: Request; context?: Readonly<RouterContextProvider> },
): void {
  if (context) noteRequestFault(context, error);
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // The router's own check of an action's Origin, answered with 400 (see react-router's
  // throwIfPotentialCSRFAttack); the request gate already refuses cross-site posts with 403.
  if (error instanceof Error && /Aborting the action\.$/.test(error.message)) return;
  // The server logs it on the request's own line, with its id: the reference an error page shows.
  const take = context ? faultTakerOf(context) : undefined;
  if (take) {
    take(error);
    return;
  }
  const logger = context?.get(servicesContext).logger;
  if (logger) logger.error({ err: error, url: request.url }, "request failed");
  else console.error(error);
}
