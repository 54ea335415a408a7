import { handleCustomerApiAction } from "../lib/customer/customer-api.server";
import { errorResponse } from "../lib/request-body.server";
import { servicesContext } from "../lib/request-context.server";
import type { Route } from "./+types/api.customer";

/** POST /api/customer/*: the signed-in customer's account (lib/customer/customer-api.server.ts). */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleCustomerApiAction(request, params.action, context.get(servicesContext));
}

export function loader() {
  return errorResponse("Method not allowed", 405);
}
