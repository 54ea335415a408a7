import { handleCartAction } from "../lib/commerce/cart-action.server";
import type { Route } from "./+types/api.cart";

/** POST /api/cart: add, update, remove and checkout (lib/commerce/cart-action.server.ts). */
export function action({ request, context }: Route.ActionArgs) {
  return handleCartAction(request, context.services, context.buyerIp);
}
