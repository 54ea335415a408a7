import { data, redirect } from "react-router";
import type { Cache } from "../cache";
import type { Config } from "../config";
import { CustomerActionError, customerAccount } from "../customer/account.server";
import {
  REAUTH_MESSAGE,
  REAUTH_TOAST,
  verifyCheckoutSession,
} from "../customer/checkout-session.server";
import type { CustomerAccountClient } from "../customer/customer-account.server";
import { isSignedIn } from "../customer/session-cookie";
import { readVipAccess } from "../customer/vip-access.server";
import type { DatabaseHandle } from "../database";
import { browserPostedForm, refererPath } from "../forms/form-post.server";
import { safeRedirectPath } from "../safe-redirect";
import type { ExpiringState } from "../state/expiring-state.server";
import { type Cart, type CartView, toCartView } from "./cart";
import { CART_ERRORS, CartUserError, createCartApi } from "./cart.server";
import {
  addToCart,
  appliedChanges,
  applyOnce,
  type CartTurn,
  changeKey,
  removeLine,
  updateLine,
} from "./cart-changes.server";
import { clearCartCookie, serializeCartSession, usableCartSession } from "./cart-cookie.server";
import {
  BadCartRequest,
  type Intent,
  IntentSchema,
  MESSAGE_FOR_INTENT,
} from "./cart-intent.server";
import { CartBusyError, type CartLocks } from "./cart-lock.server";
import { type CartNotice, serializeCartNotice, serializeOpenDrawer } from "./cart-notice.server";
import {
  COMMERCIAL_CUSTOMER_NOTICE,
  COMMERCIAL_PRODUCTS_NOTICE,
  hasCommercialProducts,
  TRADE_ONLY_NOTICE,
} from "./checkout-notices";
import { type StorefrontClient, StorefrontError } from "./storefront.server";

// POST /api/cart: the cart's changes as form posts (intents add, update, remove, checkout), so the
// cart works without JavaScript. A form the browser posts itself is answered with a redirect back
// (to `redirectTo`, else the referring page), with a one-time notice on failure; a fetcher gets
// the cart, or the error, as data.

export type CartActionData =
  | { ok: true; cart: CartView | null }
  | {
      ok: false;
      error: string;
      fieldErrors?: Record<string, string>;
      reauthenticate?: boolean;
      notice?: CartNotice;
    };

// product §8's toast for checking out an empty cart.
export const EMPTY_CART_NOTICE: CartNotice = {
  title: "Empty Cart",
  description: "Your cart is empty!",
  kind: "error",
};

export interface CartActionServices {
  config: Config;
  cache: Cache;
  /** Where the changes already applied are remembered, so a re-sent one applies once. */
  state: ExpiringState;
  /** Where the signed-in customer's session is (verified before checkout). */
  database: Pick<DatabaseHandle, "db">;
  logger: { warn(details: Record<string, unknown>, message: string): void };
  /** With `signal`, the client's calls end when it aborts. */
  storefront(buyerIp?: string, signal?: AbortSignal): StorefrontClient;
  /** Changes to one cart take their turn (product §4). */
  cartLocks: CartLocks;
  /** Reads whether the signed-in customer is commercial before checkout (product §6). */
  customerAccount: CustomerAccountClient;
}

export async function handleCartAction(
  request: Request,
  services: CartActionServices,
  buyerIp?: string,
): Promise<Response | ReturnType<typeof data<CartActionData>>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ ok: false, error: "Send the cart change as a form" }, { status: 400 });
  }
  // Only a form the browser posts itself sends `redirectTo`; an unsafe one leads to the referrer.
  const navigating = browserPostedForm(request, form);
  const backTo = safeRedirectPath(form.get("redirectTo"), refererPath(request));
  const parsed = IntentSchema.safeParse(Object.fromEntries(form));
  const signedIn = isSignedIn(request.headers.get("Cookie"));
  const session = await usableCartSession(request);
  const api = createCartApi(services.storefront(buyerIp));
  const headers = new Headers({ "Cache-Control": "no-store" });

  const fail = async (error: unknown, intent: Intent["intent"] | undefined) => {
    const message =
      error instanceof BadCartRequest ||
      error instanceof CartUserError ||
      error instanceof StorefrontError
        ? error.message
        : MESSAGE_FOR_INTENT[intent ?? "add"];
    const status =
      error instanceof BadCartRequest ||
      error instanceof CartUserError ||
      error instanceof StorefrontError
        ? error.status
        : 500;
    if (error instanceof StorefrontError) {
      services.logger.warn({ err: error }, `cart ${intent ?? "change"} failed`);
    } else if (!(error instanceof BadCartRequest || error instanceof CartUserError)) {
      throw error;
    }
    if (navigating) {
      const notice =
        error === EMPTY_CART
          ? EMPTY_CART_NOTICE
          : ({ title: message, kind: "error" } satisfies CartNotice);
      headers.append("Set-Cookie", await serializeCartNotice(notice, services.config));
      return redirect(backTo, { status: 303, headers });
    }
    const fieldErrors = error instanceof BadCartRequest ? error.fieldErrors : undefined;
    return data<CartActionData>(
      { ok: false, error: message, ...(fieldErrors ? { fieldErrors } : {}) },
      { status, headers },
    );
  };

  if (!parsed.success) {
    const intent = IntentSchema.options
      .map((option) => option.shape.intent.value)
      .find((name) => name === form.get("intent"));
    return fail(
      new BadCartRequest(intent ? MESSAGE_FOR_INTENT[intent] : "Unknown cart action"),
      intent,
    );
  }
  const intent = parsed.data;

  // product §4: changes to one cart are made one at a time, across every app process, each on
  // the cart as the one before left it.
  const inTurn: CartTurn = (cartId, change) =>
    services.cartLocks
      .withCart(cartId, (signal) => change(createCartApi(services.storefront(buyerIp, signal))))
      .catch((error: unknown) => {
        if (!(error instanceof CartBusyError)) throw error;
        throw new StorefrontError(MESSAGE_FOR_INTENT[intent.intent], {
          status: 503,
          cause: error,
        });
      });

  const changes = appliedChanges(services.state, services.logger);

  const remember = async (cart: Cart) => {
    headers.append(
      "Set-Cookie",
      await serializeCartSession(
        { cartId: cart.id, customer: signedIn || session.customer },
        services.config,
      ),
    );
  };
  const succeed = async (cart: Cart | null) => {
    if (!navigating) {
      return data<CartActionData>({ ok: true, cart: cart ? toCartView(cart) : null }, { headers });
    }
    headers.append("Set-Cookie", await serializeOpenDrawer(services.config));
    return redirect(backTo, { status: 303, headers });
  };

  // A notice instead of checkout: a page the browser posted comes back with it; a fetcher gets it
  // as data. Either way the browser is sent nowhere near the platform's checkout.
  const commercialNotice = async (notice: CartNotice) => {
    if (navigating) {
      headers.append("Set-Cookie", await serializeCartNotice(notice, services.config));
      return redirect(backTo, { status: 303, headers });
    }
    return data<CartActionData>(
      { ok: false, error: `${notice.title}: ${notice.description ?? ""}`, notice },
      { status: 409, headers },
    );
  };

  // The drawer asks the customer to log in again (and a toast says why).
  const reauthenticate = async () => {
    if (navigating) {
      headers.append("Set-Cookie", await serializeCartNotice(REAUTH_NOTICE, services.config));
      return redirect(backTo, { status: 303, headers });
    }
    return data<CartActionData>(
      { ok: false, error: REAUTH_MESSAGE, reauthenticate: true },
      { status: 401, headers },
    );
  };

  // product §6: asked only when an early-access product is added.
  const isVip = async () => {
    if (!signedIn) return false;
    try {
      const access = await readVipAccess(request, services);
      for (const cookie of access.setCookies) headers.append("Set-Cookie", cookie);
      return access.vip;
    } catch (error) {
      if (!(error instanceof CustomerActionError)) throw error;
      services.logger.warn({ err: error }, "VIP access could not be checked");
      throw new BadCartRequest(MESSAGE_FOR_INTENT.add, undefined, 503);
    }
  };

  // product §4: the customer's session ended, and their cart with it. A change to that cart finds
  // it empty (the page's revalidation then closes the drawer), not a failure to report.
  if (session.ended && (intent.intent === "update" || intent.intent === "remove")) {
    headers.append("Set-Cookie", await clearCartCookie(services.config));
    return succeed(null);
  }

  try {
    switch (intent.intent) {
      case "add": {
        const cart = await addToCart(api, inTurn, changes, session.cartId, intent, form, isVip);
        await remember(cart);
        return succeed(cart);
      }
      case "update": {
        if (!session.cartId) throw new BadCartRequest(CART_ERRORS.update);
        const cartId = session.cartId;
        const key = intent.formKey
          ? changeKey(cartId, intent.formKey, [
              "update",
              intent.lineId,
              intent.quantity,
              intent.from,
            ])
          : null;
        const cart = await inTurn(cartId, (locked) =>
          applyOnce(changes, key, locked, cartId, () => updateLine(locked, cartId, intent)),
        );
        if (cart) await remember(cart);
        return succeed(cart);
      }
      case "remove": {
        if (!session.cartId) throw new BadCartRequest(CART_ERRORS.remove);
        const cartId = session.cartId;
        const cart = await inTurn(cartId, (locked) => removeLine(locked, cartId, intent.lineId));
        if (cart) await remember(cart);
        return succeed(cart);
      }
      case "checkout": {
        const cart = session.cartId ? await api.get(session.cartId) : null;
        if (!cart || cart.lines.length === 0) throw EMPTY_CART;
        // product §6: commercial customers, and carts holding commercial-only products, use the
        // purchase-order flow. The platform's checkout URL is never handed out for them.
        const commercialCart = hasCommercialProducts(cart);
        if (!signedIn) {
          if (commercialCart) return commercialNotice(COMMERCIAL_PRODUCTS_NOTICE);
          return redirect(cart.checkoutUrl, { status: 303, headers });
        }
        // product §4: the session is verified before checkout; §6: then logged_in=true.
        const verdict = await verifyCheckoutSession(request, services);
        for (const cookie of verdict.setCookies) headers.append("Set-Cookie", cookie);
        if (!verdict.ok) return reauthenticate();
        const profile = await customerAccount(services, verdict.session)
          .profile()
          .catch((error: unknown) => {
            if (error instanceof CustomerActionError && error.status === 401) return null;
            services.logger.warn({ err: error }, "commercial access could not be checked");
            throw new BadCartRequest(MESSAGE_FOR_INTENT.checkout, undefined, 503);
          });
        if (!profile) return reauthenticate();
        if (profile.commercial) return commercialNotice(COMMERCIAL_CUSTOMER_NOTICE);
        if (commercialCart) return commercialNotice(TRADE_ONLY_NOTICE);
        const checkoutUrl = new URL(cart.checkoutUrl);
        checkoutUrl.searchParams.set("logged_in", "true");
        return redirect(checkoutUrl.toString(), { status: 303, headers });
      }
    }
  } catch (error) {
    return fail(error, intent.intent);
  }
}

const REAUTH_NOTICE: CartNotice = { ...REAUTH_TOAST, kind: "error", reauthenticate: true };

const EMPTY_CART = new BadCartRequest(
  `${EMPTY_CART_NOTICE.title}: ${EMPTY_CART_NOTICE.description}`,
  undefined,
  409,
);
