import { createHmac } from "node:crypto";
import { data, type RouterContextProvider, redirect } from "react-router";
import type { Cart } from "../commerce/cart";
import { type CartView, toCartView } from "../commerce/cart";
import { createCartApi } from "../commerce/cart.server";
import { clearCartCookie, usableCartSession } from "../commerce/cart-cookie.server";
import { PICKUP_LOCATIONS_QUERY } from "../commerce/operations/locations";
import { loadPurchaseOrderCheckoutPage } from "../content/pages.server";
import { contentReader } from "../content/reader.server";
import type { CustomerProfile } from "../customer/account.server";
import type { SignedInCustomer } from "../customer/guards.server";
import { withCookies } from "../customer/session.server";
import { servicesContext, shopperContext } from "../request-context.server";
import type { PickupLocation, ShippingSelection } from "./purchase-order";
import {
  IDEMPOTENCY_KEY,
  type PoFormField,
  type PoFormValues,
  readPoForm,
  shopToday,
  validatePoForm,
} from "./purchase-order-form";
import { findPurchaseOrderByKey, submitPurchaseOrder } from "./purchase-orders.server";
import { purchaseOrderMailSettings } from "./staff-decision.server";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** product §9: the shop's pickup locations change rarely; an hour in the shared cache. */
const LOCATIONS_CACHE = { ttlSeconds: 60 * 60 };

/**
 * The form's idempotency key: one per cart and version of it, so the same cart submitted twice
 * (two tabs, a double click, a re-sent POST) makes one order, while a changed cart makes a new one.
 * Keyed with the session secret, so it tells nothing about the cart id.
 */
function formKey(cart: Cart, secret: string): string {
  return createHmac("sha256", secret)
    .update(`purchase-order:${cart.id}:${cart.updatedAt}`)
    .digest("base64url");
}

const thankYou = (orderId: string, headers: Headers) =>
  redirect(`/po-thank-you?order=${orderId}`, { status: 303, headers });

export interface CheckoutAddress {
  id: string;
  /** Who takes the delivery: the address's own name (a site manager, say), else the customer. */
  recipient: string;
  /** The rest of the label, as the platform formats it: company, street, town, country. */
  lines: string[];
}

export interface PurchaseOrderCheckoutData {
  cart: CartView | null;
  addresses: CheckoutAddress[];
  defaultAddressId: string | null;
  locations: PickupLocation[];
  idempotencyKey: string | null;
}

async function pickupLocations(context: Readonly<RouterContextProvider>) {
  const result = await context
    .get(shopperContext)
    .storefront.query(PICKUP_LOCATIONS_QUERY, { cache: LOCATIONS_CACHE });
  return result.locations.nodes.map(
    (location): PickupLocation => ({
      id: location.id,
      name: location.name,
      address: location.address.formatted,
    }),
  );
}

async function currentCart(request: Request, context: Readonly<RouterContextProvider>) {
  const session = await usableCartSession(request);
  if (!session.cartId) return null;
  return createCartApi(context.get(shopperContext).storefront).get(session.cartId);
}

function addressesOf(profile: CustomerProfile): CheckoutAddress[] {
  return profile.addresses.map((address) => ({
    id: address.id,
    recipient:
      [address.firstName, address.lastName].filter(Boolean).join(" ") || profile.displayName,
    lines: address.formattedWithoutName,
  }));
}

/** The order's snapshot of the chosen address; `validatePoForm` made sure it is the customer's. */
function deliveryAddress(addresses: CheckoutAddress[], id: string) {
  const { recipient, lines } = addresses.find((address) => address.id === id) as CheckoutAddress;
  return { id, name: recipient, lines };
}

/** What the purchase-order checkout shows: its content, the cart and the shipping choices. */
export async function loadPurchaseOrderCheckout(
  request: Request,
  context: Readonly<RouterContextProvider>,
  customer: SignedInCustomer,
) {
  const content = contentReader(
    request,
    context.get(servicesContext),
    context.get(shopperContext).url,
  );
  const [page, profile, cart, locations] = await Promise.all([
    loadPurchaseOrderCheckoutPage(content),
    customer.account.profile(),
    currentCart(request, context),
    pickupLocations(context),
  ]);
  const checkout: PurchaseOrderCheckoutData = {
    cart: cart ? toCartView(cart) : null,
    addresses: addressesOf(profile),
    defaultAddressId: profile.defaultAddressId,
    locations,
    idempotencyKey: cart ? formKey(cart, context.get(servicesContext).config.sessionSecret) : null,
  };
  return data({ page, checkout }, { headers: withCookies(customer.setCookies, PRIVATE) });
}

export interface PurchaseOrderActionData {
  values: Omit<PoFormValues, "idempotencyKey">;
  errors: Partial<Record<PoFormField | "cart", string>>;
}

/**
 * Submits the form: the cart is read again here (posted prices or lines are never trusted), the
 * form is checked against the customer's own addresses and the shop's locations, and the order and
 * its staff email are stored in one transaction. Then the cart is let go and the customer lands
 * on /po-thank-you (product §4).
 */
export async function submitPurchaseOrderCheckout(
  request: Request,
  context: Readonly<RouterContextProvider>,
  customer: SignedInCustomer,
) {
  const form = await request.formData().catch(() => new FormData());
  const values = readPoForm(form);
  const { idempotencyKey: _key, ...typed } = values;
  const [profile, cart, locations] = await Promise.all([
    customer.account.profile(),
    currentCart(request, context),
    pickupLocations(context),
  ]);
  const addresses = addressesOf(profile);
  const verdict = validatePoForm(values, {
    addressIds: addresses.map((address) => address.id),
    locationIds: locations.map((location) => location.id),
    today: shopToday(),
  });
  const headers = withCookies(customer.setCookies, PRIVATE);
  const db = context.get(servicesContext).database.db;
  // Posted again after it went through (the cart is gone by then): the same thank-you page.
  const done = IDEMPOTENCY_KEY.test(values.idempotencyKey)
    ? await findPurchaseOrderByKey(db, profile.id, values.idempotencyKey)
    : null;
  if (done) return thankYou(done.id, headers);
  const reply = (errors: PurchaseOrderActionData["errors"], status: number) =>
    data<PurchaseOrderActionData>({ values: typed, errors }, { status, headers });
  if (!cart || cart.lines.length === 0) {
    return reply({ cart: "Your cart is empty. There are no products in your cart." }, 409);
  }
  if (!verdict.ok) return reply(verdict.errors, 400);

  const { form: valid } = verdict;
  const shipping: ShippingSelection =
    valid.shippingMethod === "standard"
      ? { method: "standard", address: deliveryAddress(addresses, valid.addressId) }
      : {
          method: "pickup",
          location: locations.find(
            (location) => location.id === valid.locationId,
          ) as PickupLocation,
        };
  const { config } = context.get(servicesContext);
  const { order } = await submitPurchaseOrder(
    db,
    {
      idempotencyKey: valid.idempotencyKey,
      customer: {
        id: profile.id,
        email: profile.email ?? "",
        name: profile.displayName,
        company: profile.metafields.business_name ?? null,
      },
      lines: cart.lines.map((line) => ({
        title: line.productTitle,
        variantTitle: line.variantTitle === "Default Title" ? null : line.variantTitle,
        sku: line.sku,
        quantity: line.quantity,
        unitPrice: line.productPrice,
        productHandle: line.productHandle,
        variantId: line.variantId,
      })),
      currencyCode: cart.cost.subtotalAmount.currencyCode,
      subtotal: cart.cost.subtotalAmount.amount,
      // Shipping and tax are settled by staff on the invoice: the order's total is its subtotal.
      total: cart.cost.subtotalAmount.amount,
      reference: valid.reference,
      shipping,
      notes: valid.notes,
      requestedDeliveryDate: valid.requestedDeliveryDate,
    },
    await purchaseOrderMailSettings(request, context.get(servicesContext)),
  );
  headers.append("Set-Cookie", await clearCartCookie(config));
  return thankYou(order.id, headers);
}
