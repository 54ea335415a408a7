import { describe, expect, it } from "vitest";
import { absoluteUrl, breadcrumbJsonLd } from "../structured-data";
import {
  catalogueMeta,
  metaDescription,
  pageTitle,
  productJsonLd,
  siteNameFrom,
  titledMeta,
} from "./catalogue-seo";
import type { Product, ProductVariant } from "./types";

const aud = (amount: string) => ({ amount, currencyCode: "AUD" });

const variant = (id: number, overrides: Partial<ProductVariant> = {}): ProductVariant => ({
  id: `gid://shopify/ProductVariant/${id}`,
  title: `Size ${id}`,
  sku: `SKU-${id}`,
  inventoryQuantity: 10,
  availableForSale: true,
  currentlyNotInStock: false,
  price: aud("100.00"),
  compareAtPrice: null,
  selectedOptions: [],
  image: null,
  ...overrides,
});

const product: Product = {
  id: "gid://shopify/Product/1",
  handle: "davey-pump",
  title: "Davey Pump",
  description: "A quiet pump.",
  descriptionHtml: "<p>A quiet pump.</p>",
  vendor: "Davey",
  productType: "Pump",
  availableForSale: true,
  totalInventory: 10,
  tags: [],
  createdAt: "2025-01-01T00:00:00Z",
  seo: { title: null, description: null },
  images: [{ id: "i1", url: "https://cdn.example/1.svg", altText: null, width: 800, height: 800 }],
  options: [],
  variants: [
    variant(1, { price: aud("1099.00") }),
    variant(2, { availableForSale: false, inventoryQuantity: 0 }),
    variant(3, { currentlyNotInStock: true, inventoryQuantity: 0, sku: null }),
  ],
  priceRange: { min: aud("100.00"), max: aud("1099.00") },
  compareAtPriceRange: null,
  downloads: [],
  directions: [],
  requestAQuote: false,
  quantityTicker: false,
  collection: null,
};

describe("Product JSON-LD", () => {
  const url = "https://shop.example/store/products/davey-pump";
  const jsonLd = productJsonLd(product, product.variants[0], url);

  it("describes the product, its brand and the selected variant's SKU", () => {
    expect(jsonLd).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Davey Pump",
      brand: { "@type": "Brand", name: "Davey" },
      sku: "SKU-1",
      image: ["https://cdn.example/1.svg"],
      url,
    });
  });

  it("offers every variant with its price, currency, availability and SKU", () => {
    expect(jsonLd.offers).toEqual([
      expect.objectContaining({
        "@type": "Offer",
        url: `${url}?variant=1`,
        sku: "SKU-1",
        price: "1099.00",
        priceCurrency: "AUD",
        availability: "https://schema.org/InStock",
      }),
      expect.objectContaining({ sku: "SKU-2", availability: "https://schema.org/OutOfStock" }),
      expect.objectContaining({ availability: "https://schema.org/BackOrder" }),
    ]);
    expect((jsonLd.offers as Record<string, unknown>[])[2]).not.toHaveProperty("sku");
  });
});

describe("breadcrumb JSON-LD", () => {
  it("lists the trail with absolute URLs and positions from 1", () => {
    expect(
      breadcrumbJsonLd("https://shop.example/", [
        { name: "Home", path: "/" },
        { name: "Pumps", path: "/store/collections/pumps" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://shop.example/" },
        {
          "@type": "ListItem",
          position: 2,
          name: "Pumps",
          item: "https://shop.example/store/collections/pumps",
        },
      ],
    });
  });
});

describe("page meta", () => {
  it("names the shop after the page title", () => {
    expect(pageTitle("Pumps", "Coral Bay Pool & Spa")).toBe("Pumps | Coral Bay Pool & Spa");
    expect(pageTitle("", "Coral Bay Pool & Spa")).toBe("Coral Bay Pool & Spa");
  });

  it("has a canonical link, a description and the JSON-LD", () => {
    const meta = catalogueMeta({
      title: "Pumps",
      description: "Pool pumps.",
      canonical: "https://shop.example/store/collections/pumps",
      jsonLd: [{ "@type": "BreadcrumbList" }],
    });
    expect(meta).toContainEqual({ name: "description", content: "Pool pumps." });
    expect(meta).toContainEqual({ property: "og:title", content: "Pumps" });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://shop.example/store/collections/pumps",
    });
    expect(meta).toContainEqual({ "script:ld+json": { "@type": "BreadcrumbList" } });
  });

  it("gets its title and site name from the shell's name", () => {
    const matches = [{ data: { shell: { siteName: "Lagoon Pools" } } }];
    const meta = titledMeta(
      "Pumps",
      [{ name: "description", content: "x" }],
      siteNameFrom(matches),
    );
    expect(meta).toEqual([
      { title: "Pumps | Lagoon Pools" },
      { property: "og:site_name", content: "Lagoon Pools" },
      { name: "description", content: "x" },
    ]);
    expect(siteNameFrom([undefined])).toBe("Coral Bay Pool & Spa");
  });

  it("cuts long descriptions at a word, under 160 characters", () => {
    const long = `${"Crystal clear water all summer long. ".repeat(10)}`;
    const cut = metaDescription(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut).not.toMatch(/\s…$/);
    expect(metaDescription(" Short \n text ")).toBe("Short text");
  });

  it("makes absolute URLs from the public URL", () => {
    expect(absoluteUrl("https://shop.example", "/search")).toBe("https://shop.example/search");
    expect(absoluteUrl("https://shop.example/", "/")).toBe("https://shop.example/");
  });
});
