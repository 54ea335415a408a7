import { describe, expect, it } from "vitest";
import { reshapeCart } from "./cart-reshape";
import type { CartDetailFragment } from "./storefront-types.generated";

const money = (amount: string) => ({ amount, currencyCode: "AUD" as const });
const image = (id: string) => ({
  id,
  url: `https://cdn.example/${id}.svg`,
  altText: null,
  width: 800,
  height: 800,
});

const fragment: CartDetailFragment = {
  id: "gid://shopify/Cart/abc?key=k",
  checkoutUrl: "https://shop.example/cart/c/abc?key=k",
  totalQuantity: 3,
  updatedAt: "2026-03-01T10:00:00.000Z",
  cost: { subtotalAmount: money("2587.0") },
  lines: {
    nodes: [
      {
        id: "gid://shopify/CartLine/1?cart=abc",
        quantity: 2,
        attributes: [{ key: "Gift wrap", value: null }],
        cost: { amountPerQuantity: money("1099.0"), totalAmount: money("2198.0") },
        merchandise: {
          id: "gid://shopify/ProductVariant/47100001",
          title: "0.75 kW",
          sku: "DAV-SLS-075",
          selectedOptions: [{ name: "Power", value: "0.75 kW" }],
          price: money("1099.0"),
          image: null,
          product: {
            id: "gid://shopify/Product/9000101",
            handle: "davey-silensorpro-sls-pool-pump",
            title: "Davey SilensorPro SLS Pool Pump",
            productType: "Pump",
            tags: ["pump"],
            featuredImage: image("product"),
          },
        },
      },
      {
        id: "gid://shopify/CartLine/2?cart=abc",
        quantity: 1,
        attributes: [],
        cost: { amountPerQuantity: money("389.0"), totalAmount: money("389.0") },
        merchandise: {
          id: "gid://shopify/ProductVariant/47100005",
          title: "Default Title",
          sku: "",
          selectedOptions: [{ name: "Title", value: "Default Title" }],
          price: money("389.0"),
          image: image("variant"),
          product: {
            id: "gid://shopify/Product/9000102",
            handle: "filter",
            title: "Filter",
            productType: "Filter",
            tags: [],
            featuredImage: image("product-2"),
          },
        },
      },
    ],
  },
};

describe("reshapeCart", () => {
  it("gives product §3's cart: money with 2 decimals, line fields flattened", () => {
    const cart = reshapeCart(fragment);
    expect(cart).toMatchObject({
      id: fragment.id,
      checkoutUrl: fragment.checkoutUrl,
      totalQuantity: 3,
      updatedAt: "2026-03-01T10:00:00.000Z",
      cost: { subtotalAmount: { amount: "2587.00", currencyCode: "AUD" } },
    });
    expect(cart.lines[0]).toEqual({
      id: "gid://shopify/CartLine/1?cart=abc",
      quantity: 2,
      attributes: [{ key: "Gift wrap", value: "" }],
      productId: "gid://shopify/Product/9000101",
      productHandle: "davey-silensorpro-sls-pool-pump",
      productTitle: "Davey SilensorPro SLS Pool Pump",
      productType: "Pump",
      productTags: ["pump"],
      productImage: image("product"),
      variantId: "gid://shopify/ProductVariant/47100001",
      variantTitle: "0.75 kW",
      selectedOptions: [{ name: "Power", value: "0.75 kW" }],
      productPrice: { amount: "1099.00", currencyCode: "AUD" },
      lineTotal: { amount: "2198.00", currencyCode: "AUD" },
      currencyCode: "AUD",
      sku: "DAV-SLS-075",
    });
  });

  it("prefers the variant's image and reads an empty SKU as none", () => {
    const line = reshapeCart(fragment).lines[1];
    expect(line?.productImage?.id).toBe("variant");
    expect(line?.sku).toBeNull();
  });
});
