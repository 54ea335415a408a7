import { handleCartAction } from "../lib/commerce/cart-action.server";
import { servicesContext, shopperContext } from "../lib/request-context.server";
import type { Route } from "./+types/api.cart";

/** POST /api/cart: add, update, remove and checkout (lib/commerce/cart-action.server.ts). */
export function action({ request, context }: Route.ActionArgs) {
  return handleCartAction(
    request,
    context.get(servicesContext),
    context.get(shopperContext).buyerIp,
  );
}
