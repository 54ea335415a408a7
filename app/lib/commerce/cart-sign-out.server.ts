import { createCartApi } from "./cart.server";
import { clearCartCookie, readCartSession } from "./cart-cookie.server";
import type { CartServices } from "./cart-layout.server";

/**
 * For the sign-out flow (ARCHITECTURE: a signed-in customer's cart is emptied, and the drawer
 * closed, when the session ends): removes every line of the request's cart and answers the
 * Set-Cookie header that forgets it. A failing Storefront API is logged, never thrown: signing
 * out must not fail because of the cart, and the forgotten cookie already empties it for the
 * shopper.
 */
export async function emptyCartOnSignOut(
  request: Request,
  services: CartServices,
  buyerIp?: string,
): Promise<string> {
  const { cartId } = await readCartSession(request);
  if (cartId) {
    const api = createCartApi(services.storefront(buyerIp));
    try {
      const cart = await api.get(cartId);
      if (cart && cart.lines.length > 0) {
        await api.removeLines(
          cartId,
          cart.lines.map((line) => line.id),
        );
      }
    } catch (error) {
      services.logger.warn({ err: error }, "the cart could not be emptied at sign-out");
    }
  }
  return clearCartCookie(services.config);
}
