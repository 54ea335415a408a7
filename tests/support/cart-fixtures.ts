import type { CartLine } from "../../app/lib/commerce/cart";

// Test fixtures: a cart line of the demo catalogue, to vary per test.

export function cartLine(overrides: Partial<CartLine> = {}): CartLine {
  return {
    id: "gid://shopify/CartLine/1?cart=abc",
    quantity: 1,
    attributes: [],
    productId: "gid://shopify/Product/9000101",
    productHandle: "davey-silensorpro-sls-pool-pump",
    productTitle: "Davey SilensorPro SLS Pool Pump",
    productType: "Pump",
    productTags: ["pump", "pool"],
    productImage: null,
    variantId: "gid://shopify/ProductVariant/47100001",
    variantTitle: "0.75 kW",
    selectedOptions: [{ name: "Power", value: "0.75 kW" }],
    productPrice: { amount: "1099.00", currencyCode: "AUD" },
    lineTotal: { amount: "1099.00", currencyCode: "AUD" },
    currencyCode: "AUD",
    sku: "DAV-SLS-075",
    ...overrides,
  };
}
