import { describe, expect, it } from "vitest";
import { productPageData } from "./product-page.server";
import type { Product, ProductVariant } from "./types";

const aud = (amount: string) => ({ amount, currencyCode: "AUD" });

const variant = (id: number, output: string, overrides: Partial<ProductVariant> = {}) => ({
  id: `gid://shopify/ProductVariant/${id}`,
  title: output,
  sku: `SKU-${id}`,
  inventoryQuantity: 3,
  availableForSale: true,
  currentlyNotInStock: false,
  price: aud("100.00"),
  compareAtPrice: null,
  selectedOptions: [{ name: "Output", value: output }],
  image: null,
  ...overrides,
});

const product: Product = {
  id: "gid://shopify/Product/1",
  handle: "raypak",
  title: "Raypak Heater",
  description: "A gas heater.",
  descriptionHtml: '<p onclick="x()">A gas heater.</p><script>alert(1)</script>',
  vendor: "Raypak",
  productType: "Heater",
  availableForSale: true,
  totalInventory: 3,
  tags: [],
  createdAt: "2025-01-01T00:00:00Z",
  seo: { title: null, description: null },
  images: [],
  options: [{ id: "o", name: "Output", values: ["200 MJ", "300 MJ"] }],
  variants: [variant(1, "200 MJ"), variant(2, "300 MJ", { availableForSale: false })],
  priceRange: { min: aud("100.00"), max: aud("100.00") },
  compareAtPriceRange: null,
  downloads: [
    {
      id: "f1",
      url: "https://cdn.example/manual.pdf",
      alt: "Manual",
      originalFileSize: 2048,
      mimeType: "application/pdf",
    },
  ],
  directions: [],
  requestAQuote: false,
  quantityTicker: true,
  collection: { id: "c", handle: "heating", title: "Heating" },
};

describe("the product page's data", () => {
  it("shows the variant the URL names, with its stock and where each option leads", () => {
    const page = productPageData(product, "2", "https://shop.example");
    expect(page.variant?.sku).toBe("SKU-2");
    expect(page.stock).toEqual({ level: "sold-out", label: "Sold out", purchasable: false });
    expect(page.options[0]?.values.map((value) => [value.value, value.variantId])).toEqual([
      ["200 MJ", "1"],
      ["300 MJ", "2"],
    ]);
  });

  it("opens on a buyable variant, capped at its stock", () => {
    const page = productPageData(product, null, "https://shop.example");
    expect(page.variant?.sku).toBe("SKU-1");
    expect(page.maxQuantity).toBe(3);
  });

  it("sends the browser a sanitised description and labelled files, not the variants", () => {
    const page = productPageData(product, null, "https://shop.example");
    expect(page.product.descriptionHtml).toBe("<p>A gas heater.</p>");
    expect(page.downloads).toEqual([
      { id: "f1", url: "https://cdn.example/manual.pdf", title: "Manual", details: "(PDF, 2 KB)" },
    ]);
    expect(page.product).not.toHaveProperty("variants");
  });

  it("leads the breadcrumb through the product's collection", () => {
    const page = productPageData(product, null, "https://shop.example");
    expect(page.crumbs).toEqual([
      { name: "Home", path: "/" },
      { name: "Heating", path: "/store/collections/heating" },
      { name: "Raypak Heater", path: "/store/products/raypak" },
    ]);
    expect(page.meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://shop.example/store/products/raypak",
    });
  });

  it("is worked out once per product and chosen variant, and anew for a new product", () => {
    const first = productPageData(product, null, "https://shop.example");
    // `?variant=` naming the variant shown anyway, or one that does not exist, is the same page.
    expect(productPageData(product, "1", "https://shop.example")).toBe(first);
    expect(productPageData(product, "no-such-variant", "https://shop.example")).toBe(first);
    expect(productPageData(product, "2", "https://shop.example")).not.toBe(first);

    const renamed = { ...product, title: "Raypak Heater 2" };
    const page = productPageData(renamed, null, "https://shop.example");
    expect(page).not.toBe(first);
    expect(page.title).toBe("Raypak Heater 2");
  });
});
