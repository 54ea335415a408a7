import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import type { CheckoutOrder, OrderAddress, OrderLine, StoredCart } from "./cart-storage";
import {
  AUSTRALIAN_ZONES,
  type CheckoutFieldErrors,
  type CheckoutFormValues,
  renderCheckoutGonePage,
  renderCheckoutPage,
  type SummaryLine,
} from "./checkout-page";
import { checkoutPath, toCartNode } from "./resolvers/cart";
import type { StorefrontStore } from "./store";
import {
  inventoryLevelPayload,
  locationIdOf,
  productPayload,
  type WebhookSender,
} from "./webhooks";

// The hosted checkout in embedded mode (ARCHITECTURE: "Hosted checkout in embedded mode"): the
// cart's checkoutUrl opens this page; placing the order records it (on the customer's account
// when the shopper is signed in at the customer-account emulator and came with logged_in=true,
// else as a guest order the storefront emulator keeps), completes the cart and returns the
// shopper to the shop's /thank-you/order-received.

/** A customer the checkout can attribute an order to. */
export interface CheckoutCustomer {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  defaultAddress: OrderAddress | null;
}

/** What the checkout needs from the customer-account emulator (server/emulators.ts adapts it). */
export interface CheckoutCustomers {
  /** The customer signed in at the customer-account emulator in this browser, if any. */
  findSignedInCustomer(
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<CheckoutCustomer | undefined>;
  /** Records the order on the customer's account; answers its name ("#1001"). */
  addOrder(customerId: string, order: CheckoutOrder): Promise<{ id: string; name: string }>;
}

const required = (message: string) => z.string().trim().min(1, message).max(255, message);

const ContactSchema = z.object({
  email: z.string().trim().pipe(z.email("Enter a valid email address")),
});

const ShippingSchema = z.object({
  firstName: required("Enter a first name"),
  lastName: required("Enter a last name"),
  address1: required("Enter an address"),
  address2: z.string().trim().max(255).default(""),
  city: required("Enter a suburb"),
  zoneCode: z.enum(
    AUSTRALIAN_ZONES.map(([code]) => code),
    "Choose a state or territory",
  ),
  zip: z
    .string()
    .trim()
    .regex(/^\d{4}$/, "Enter a 4-digit postcode"),
  phone: z
    .string()
    .trim()
    .regex(/^$|^\+?[\d\s()-]{8,20}$/, "Enter a valid phone number")
    .default(""),
});

const FIELD_NAMES = [
  "email",
  "firstName",
  "lastName",
  "address1",
  "address2",
  "city",
  "zoneCode",
  "zip",
  "phone",
] as const satisfies readonly (keyof CheckoutFormValues)[];

function formValues(body: unknown): CheckoutFormValues {
  const source = (body ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    FIELD_NAMES.map((name) => [name, typeof source[name] === "string" ? source[name] : ""]),
  ) as unknown as CheckoutFormValues;
}

function formatMoney(cents: number, currencyCode: string): string {
  return new Intl.NumberFormat("en-AU", {
    style: "currency",
    currency: currencyCode,
    currencyDisplay: "narrowSymbol",
  }).format(cents / 100);
}

const toCents = (amount: string) => Math.round(Number(amount) * 100);
const GST_DIVISOR = 11;

export function createCheckout(options: {
  store: StorefrontStore;
  publicOrigin: string;
  customers?: CheckoutCustomers;
  /** Tells the app the catalogue changed (the stock an order took), as Shopify's webhooks do. */
  webhooks?: WebhookSender;
}): Router {
  const { store } = options;
  const publicOrigin = options.publicOrigin.replace(/\/+$/, "");
  const shop = { shopName: store.catalog.shop.name, shopUrl: `${publicOrigin}/` };
  const router = express.Router();
  const CART_ID_PART = /^[A-Za-z0-9_-]+$/;
  const form = express.urlencoded({ extended: false, limit: "20kb" });

  const send = (response: Response, status: number, html: string) =>
    response
      .status(status)
      .set({
        "Cache-Control": "no-store",
        "Content-Security-Policy": `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self' ${publicOrigin}; frame-ancestors 'none'; base-uri 'none'`,
        "Referrer-Policy": "no-referrer",
      })
      .type("html")
      .send(html);

  async function customerOf(request: Request, response: Response) {
    if (request.query.logged_in !== "true" || !options.customers) return undefined;
    return options.customers.findSignedInCustomer(request, response);
  }

  async function openCart(request: Request, response: Response): Promise<StoredCart | undefined> {
    const key = typeof request.query.key === "string" ? request.query.key : "";
    const token = String(request.params.token);
    // Only a token and key of the cart id's alphabet reach the storage (a NUL byte was a 500).
    const cart =
      CART_ID_PART.test(token) && CART_ID_PART.test(key)
        ? await store.carts.getByToken(token, key)
        : undefined;
    if (!cart) {
      send(response, 404, renderCheckoutGonePage({ ...shop, empty: false }));
      return undefined;
    }
    if (cart.lines.length === 0) {
      send(response, 409, renderCheckoutGonePage({ ...shop, empty: true }));
      return undefined;
    }
    return cart;
  }

  function summarise(request: Request, cart: StoredCart) {
    const node = toCartNode(
      cart,
      store.catalog,
      (path) => `${publicOrigin}${request.baseUrl}/${path}`,
    );
    const currencyCode = node.cost.subtotalAmount.currencyCode;
    const subtotalCents = toCents(node.cost.subtotalAmount.amount);
    const lines: SummaryLine[] = node.lineList.map((line) => ({
      title: line.merchandise.product.title,
      details: [
        ...(line.merchandise.title === "Default Title" ? [] : [line.merchandise.title]),
        ...line.attributes.map((attribute) => `${attribute.key}: ${attribute.value}`),
      ],
      quantity: line.quantity,
      lineTotal: formatMoney(toCents(line.cost.totalAmount.amount), currencyCode),
    }));
    const orderLines: OrderLine[] = node.lineList.map((line) => {
      const variant = line.merchandise;
      const image =
        variant.imageIndex === undefined
          ? variant.product.images[0]
          : variant.product.images[variant.imageIndex];
      return {
        title: variant.product.title,
        variantTitle: variant.title === "Default Title" ? null : variant.title,
        sku: variant.sku || null,
        quantity: line.quantity,
        price: (toCents(variant.price.amount) / 100).toFixed(2),
        productId: variant.product.id,
        variantId: variant.id,
        productType: variant.product.productType,
        vendor: variant.product.vendor,
        image: image
          ? { url: `${publicOrigin}${request.baseUrl}/${image.path}`, altText: image.altText }
          : null,
        attributes: line.attributes,
      };
    });
    const needsShipping = node.lineList.some((line) => line.merchandise.requiresShipping);
    return {
      currencyCode,
      subtotalCents,
      orderLines,
      needsShipping,
      page: {
        ...shop,
        action: `${request.baseUrl}/${checkoutPath(cart)}${request.query.logged_in === "true" ? "&logged_in=true" : ""}`,
        lines,
        subtotal: formatMoney(subtotalCents, currencyCode),
        total: formatMoney(subtotalCents, currencyCode),
        gst: formatMoney(Math.round(subtotalCents / GST_DIVISOR), currencyCode),
        needsShipping,
      },
    };
  }

  /** The order's lines leave stock; the app hears of it by webhook, after the shopper's request. */
  function takeStock(lines: OrderLine[]): void {
    const taken = lines.flatMap(
      (line) => store.catalog.reduceStock(line.variantId, line.quantity) ?? [],
    );
    const { webhooks } = options;
    if (!webhooks) return;
    const locationId = locationIdOf(store.catalog);
    const products = new Set(taken.map((variant) => variant.product));
    for (const variant of taken) {
      void webhooks.send("inventory_levels/update", inventoryLevelPayload(variant, locationId));
    }
    for (const product of products) void webhooks.send("products/update", productPayload(product));
  }

  router.get("/cart/c/:token", async (request, response) => {
    const cart = await openCart(request, response);
    if (!cart) return;
    const customer = await customerOf(request, response);
    const address = customer?.defaultAddress;
    const values: CheckoutFormValues = {
      email: customer?.email ?? "",
      firstName: address?.firstName ?? customer?.firstName ?? "",
      lastName: address?.lastName ?? customer?.lastName ?? "",
      address1: address?.address1 ?? "",
      address2: address?.address2 ?? "",
      city: address?.city ?? "",
      zoneCode: address?.zoneCode ?? "",
      zip: address?.zip ?? "",
      phone: address?.phoneNumber ?? customer?.phoneNumber ?? "",
    };
    const { page } = summarise(request, cart);
    send(
      response,
      200,
      renderCheckoutPage({ ...page, signedInAs: customer?.email ?? null, values, errors: {} }),
    );
  });

  router.post("/cart/c/:token", form, async (request, response) => {
    const cart = await openCart(request, response);
    if (!cart) return;
    const customer = await customerOf(request, response);
    const values = formValues(request.body);
    const summary = summarise(request, cart);
    const contact = ContactSchema.safeParse(values);
    const shipping = summary.needsShipping ? ShippingSchema.safeParse(values) : undefined;
    const errors: CheckoutFieldErrors = {};
    for (const issue of [...(contact.error?.issues ?? []), ...(shipping?.error?.issues ?? [])]) {
      const name = issue.path[0] as keyof CheckoutFormValues;
      errors[name] ??= issue.message;
    }
    if (!contact.success || shipping?.success === false) {
      send(
        response,
        400,
        renderCheckoutPage({
          ...summary.page,
          signedInAs: customer?.email ?? null,
          values,
          errors,
        }),
      );
      return;
    }

    const address = shipping?.data;
    const shippingAddress: OrderAddress | null = address
      ? {
          firstName: address.firstName,
          lastName: address.lastName,
          company: null,
          address1: address.address1,
          address2: address.address2 || null,
          city: address.city,
          zoneCode: address.zoneCode,
          territoryCode: "AU",
          zip: address.zip,
          phoneNumber: address.phone || null,
        }
      : null;
    const total = (summary.subtotalCents / 100).toFixed(2);
    const order: CheckoutOrder = {
      cartToken: cart.token,
      customerId: customer?.id ?? null,
      customerOrderName: null,
      email: contact.data.email,
      currencyCode: summary.currencyCode,
      lineItems: summary.orderLines,
      shippingAddress,
      shippingLine: shippingAddress ? { title: "Standard shipping", price: "0.00" } : null,
      subtotal: total,
      total,
      createdAt: new Date().toISOString(),
    };

    // Completing first means a double submit places one order: the second finds the cart gone.
    if (!(await store.carts.complete(cart))) {
      send(response, 409, renderCheckoutGonePage({ ...shop, empty: false }));
      return;
    }
    let placedId: string | null = null;
    if (customer && options.customers) {
      const placed = await options.customers.addOrder(customer.id, order);
      order.customerOrderName = placed.name;
      placedId = placed.id;
    }
    await store.carts.storage.recordOrder(order);
    takeStock(order.lineItems);
    // The shop's own "order received" page; a signed-in customer's names their order.
    const numericId = placedId?.split("/").pop();
    response.redirect(
      303,
      `${publicOrigin}/thank-you/order-received${numericId ? `?order=${numericId}` : ""}`,
    );
  });

  return router;
}
