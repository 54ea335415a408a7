import type { Cart, CartLine } from "./cart";
import { reshapeImage, reshapeMoney } from "./reshape";
import type { CartDetailFragment } from "./storefront-types.generated";

// Storefront API carts become the app's Cart (cart.ts) here and nowhere else.

type LineFragment = CartDetailFragment["lines"]["nodes"][number];

export function reshapeCartLine(line: LineFragment): CartLine | null {
  const variant = line.merchandise;
  // Merchandise is a union with one member today; a line of some future kind is skipped.
  if (!("product" in variant)) return null;
  const image = variant.image ?? variant.product.featuredImage;
  return {
    id: line.id,
    quantity: line.quantity,
    attributes: line.attributes.map(({ key, value }) => ({ key, value: value ?? "" })),
    productId: variant.product.id,
    productHandle: variant.product.handle,
    productTitle: variant.product.title,
    productType: variant.product.productType,
    productTags: variant.product.tags,
    productImage: image ? reshapeImage(image) : null,
    variantId: variant.id,
    variantTitle: variant.title,
    selectedOptions: variant.selectedOptions.map(({ name, value }) => ({ name, value })),
    productPrice: reshapeMoney(line.cost.amountPerQuantity),
    lineTotal: reshapeMoney(line.cost.totalAmount),
    currencyCode: line.cost.totalAmount.currencyCode,
    sku: variant.sku || null,
  };
}

export function reshapeCart(cart: CartDetailFragment): Cart {
  return {
    id: cart.id,
    checkoutUrl: cart.checkoutUrl,
    totalQuantity: cart.totalQuantity,
    updatedAt: cart.updatedAt,
    cost: { subtotalAmount: reshapeMoney(cart.cost.subtotalAmount) },
    lines: cart.lines.nodes.flatMap((line) => reshapeCartLine(line) ?? []),
  };
}
