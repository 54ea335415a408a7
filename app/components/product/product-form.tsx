import { Link } from "react-router";
import type { Product, ProductVariant } from "../../lib/commerce/types";
import { AddToCart } from "../cart/add-to-cart";
import { QuantityTicker } from "./quantity-ticker";

// The buy box. Adding to the cart is a form post to /api/cart (intent, merchandiseId, quantity),
// so it works without JavaScript; with it, the cart's form adds optimistically.

const PRIMARY_BUTTON =
  "inline-flex min-h-12 w-full items-center justify-center rounded-md bg-lagoon-700 px-6 py-3 text-base font-semibold text-white hover:bg-lagoon-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700 sm:w-auto sm:min-w-64";

export function quoteHref(handle: string): string {
  return `/contact?product=${encodeURIComponent(handle)}`;
}

export function ProductForm({
  handle,
  product,
  variant,
  purchasable,
  maxQuantity,
  requestAQuote,
  quantityTicker,
}: {
  handle: string;
  product: Pick<Product, "title" | "images"> & { course: boolean };
  /** The chosen variant, the cart line's merchandise; null when the options match none. */
  variant: ProductVariant | null;
  /** The variant can be bought now (stockStatus). */
  purchasable: boolean;
  /** Tracked stock on hand caps the quantity (maxOrderQuantity). */
  maxQuantity: number | null;
  /** custom.request_a_quote: priced per job, so a quote request replaces the cart. */
  requestAQuote: boolean;
  /** custom.quantity_ticker: shoppers pick how many; otherwise one goes in the cart. */
  quantityTicker: boolean;
}) {
  if (requestAQuote) {
    return (
      <div className="flex flex-col gap-3">
        <Link to={quoteHref(handle)} className={PRIMARY_BUTTON}>
          Request a quote
        </Link>
        <p className="text-sm text-slate-600">
          Priced for each installation: tell us about your site and we will reply within one
          business day.
        </p>
      </div>
    );
  }
  if (!variant) {
    return (
      <button type="button" disabled className={PRIMARY_BUTTON}>
        Unavailable
      </button>
    );
  }
  return (
    <AddToCart
      product={{ ...product, handle, image: product.images[0] ?? null }}
      variant={variant}
      disabled={!purchasable}
      buttonLabel={purchasable ? "Add to cart" : "Sold out"}
      className="flex flex-col gap-4"
      buttonClassName={PRIMARY_BUTTON}
    >
      {quantityTicker ? (
        <QuantityTicker
          key={variant.id}
          id="product-quantity"
          name="quantity"
          max={maxQuantity ?? undefined}
        />
      ) : null}
    </AddToCart>
  );
}
