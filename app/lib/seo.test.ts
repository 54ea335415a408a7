import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import type { Product, ProductVariant } from "./commerce/types";
import type { ContentImage } from "./content/fields";
import type { Shell } from "./content/shell.server";
import { jsonText } from "./json-text";
import {
  absoluteUrl,
  articleJsonLd,
  breadcrumbJsonLd,
  buildSeo,
  catalogMeta,
  jsonLdText,
  metaDescription,
  organisationJsonLd,
  pageTitle,
  productJsonLd,
  seoMeta,
  siteNameFrom,
  titledMeta,
} from "./seo";

const socialImage: ContentImage = {
  src: "https://cdn.example/social.png",
  srcSet: "",
  width: 1200,
  height: 630,
  alt: "Water",
};
const shell = {
  siteName: "Coral Bay Pool & Spa",
  metaTitle: "Pool & Spa Supplies | Coral Bay",
  metaDescription: "The site's description",
  socialImage,
  organisation: {
    name: "Coral Bay Pool & Spa",
    logo: { ...socialImage, src: "https://cdn.example/logo.svg" },
    phone: "+61 7 5550 4477",
    email: "hello@example.com",
    address: {
      streetAddress: "12 Lagoon Court",
      addressLocality: "Burleigh Heads",
      addressRegion: "QLD",
      postalCode: "4220",
      addressCountry: "AU",
    },
  },
  socialLinks: [{ platform: "Facebook", href: "https://facebook.com/coralbay" }],
} as Shell;
const noMeta = { title: "", description: "", image: null };

/** A head tag by the name it is known by: og:title, description, canonical, title… */
const tagName = (tag: MetaDescriptor) => {
  const { property, name, rel } = tag as Record<string, unknown>;
  return property ?? name ?? rel ?? Object.keys(tag)[0];
};

describe("buildSeo", () => {
  it("uses the document's own meta fields first", () => {
    const seo = buildSeo({
      shell,
      publicUrl: "https://shop.example",
      path: "/about-us",
      title: "About",
      meta: {
        title: "About Us | Coral Bay",
        description: "Family owned",
        image: { ...socialImage, src: "https://cdn.example/about.png" },
      },
    });
    expect(seo).toMatchObject({
      title: "About Us | Coral Bay",
      description: "Family owned",
      canonical: "https://shop.example/about-us",
      image: { url: "https://cdn.example/about.png" },
      noindex: false,
    });
  });

  it("falls back to the page's title and summary, then to the settings document", () => {
    expect(
      buildSeo({
        shell,
        publicUrl: "https://shop.example",
        path: "/faq",
        title: "FAQ",
        meta: noMeta,
      }),
    ).toMatchObject({
      title: "FAQ | Coral Bay Pool & Spa",
      description: "The site's description",
      image: { url: "https://cdn.example/social.png" },
    });
    expect(
      buildSeo({
        shell,
        publicUrl: "https://shop.example",
        path: "/",
        title: "Coral Bay Pool & Spa",
        meta: noMeta,
        isHome: true,
      }).title,
    ).toBe("Pool & Spa Supplies | Coral Bay");
    expect(
      buildSeo({
        shell,
        publicUrl: "https://shop.example",
        path: "/news/x",
        title: "X",
        meta: noMeta,
        description: "Excerpt",
      }).description,
    ).toBe("Excerpt");
  });
});

describe("seoMeta", () => {
  it("writes the title, description, canonical link, Open Graph and Twitter tags", () => {
    const seo = buildSeo({
      shell,
      publicUrl: "https://shop.example",
      path: "/news/x",
      title: "X",
      meta: noMeta,
      type: "article",
      noindex: true,
      jsonLd: [
        breadcrumbJsonLd("https://shop.example", [
          { name: "Home", path: "/" },
          { name: "X", path: "/news/x" },
        ]),
      ],
    });
    const meta = seoMeta(seo);
    expect(meta).toContainEqual({ title: "X | Coral Bay Pool & Spa" });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://shop.example/news/x",
    });
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
    expect(meta).toContainEqual({ property: "og:type", content: "article" });
    expect(meta).toContainEqual({
      property: "og:image",
      content: "https://cdn.example/social.png",
    });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(seoMeta(undefined)).toEqual([]);
  });

  it("keeps the order search engines and the heads before it saw", () => {
    const seo = buildSeo({ shell, publicUrl: "https://shop.example", path: "/x", title: "X" });
    expect(seoMeta({ ...seo, noindex: true }).map(tagName)).toEqual([
      "title",
      "description",
      "canonical",
      "robots",
      "og:site_name",
      "og:locale",
      "og:type",
      "og:title",
      "og:description",
      "og:url",
      "og:image",
      "og:image:width",
      "og:image:height",
      "og:image:alt",
      "twitter:card",
      "twitter:title",
      "twitter:description",
      "twitter:image",
      "twitter:image:alt",
    ]);
  });
});

describe("JSON-LD", () => {
  it("is written so that no value can close its script element", () => {
    const text = jsonLdText({ "@type": "Article", headline: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text).headline).toBe("</script><script>alert(1)</script>");
  });

  it("describes a trail as a BreadcrumbList, with absolute URLs and positions from 1", () => {
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

  it("describes the organisation with its address and social profiles", () => {
    expect(organisationJsonLd(shell, "https://shop.example")).toMatchObject({
      "@type": "Organization",
      name: "Coral Bay Pool & Spa",
      url: "https://shop.example/",
      logo: "https://cdn.example/logo.svg",
      telephone: "+61 7 5550 4477",
      address: { "@type": "PostalAddress", postalCode: "4220" },
      sameAs: ["https://facebook.com/coralbay"],
    });
  });

  it("describes an article with ISO dates, its author and the publisher", () => {
    expect(
      articleJsonLd({
        shell,
        publicUrl: "https://shop.example",
        canonical: "https://shop.example/news/x",
        headline: "How a heat pump warms your pool",
        description: "d",
        image: null,
        datePublished: "2025-03-04",
        dateModified: "2025-06-02T02:05:33+0000",
        author: "",
      }),
    ).toMatchObject({
      "@type": "Article",
      headline: "How a heat pump warms your pool",
      datePublished: "2025-03-04T00:00:00.000Z",
      dateModified: "2025-06-02T02:05:33.000Z",
      author: { "@type": "Organization", name: "Coral Bay Pool & Spa" },
      publisher: { "@type": "Organization", logo: { url: "https://cdn.example/logo.svg" } },
      mainEntityOfPage: { "@id": "https://shop.example/news/x" },
    });
  });
});

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

describe("catalogue page meta", () => {
  it("names the shop after the page title", () => {
    expect(pageTitle("Pumps", "Coral Bay Pool & Spa")).toBe("Pumps | Coral Bay Pool & Spa");
    expect(pageTitle("", "Coral Bay Pool & Spa")).toBe("Coral Bay Pool & Spa");
  });

  it("has a canonical link, a description and the JSON-LD", () => {
    const meta = catalogMeta({
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

  it("lays out a product's tags as before: an image without size, the JSON-LD last", () => {
    const meta = catalogMeta({
      title: "Pump",
      description: "A pump.",
      canonical: "https://shop.example/store/products/pump",
      type: "product",
      image: { url: "https://cdn.example/1.svg", alt: "Pump" },
      jsonLd: [{ "@type": "Product" }],
    });
    expect(meta.map(tagName)).toEqual([
      "description",
      "canonical",
      "og:type",
      "og:title",
      "og:description",
      "og:url",
      "og:image",
      "og:image:alt",
      "twitter:card",
      "script:ld+json",
    ]);
  });

  it("gets its title and site name from the shell's name", () => {
    const matches = [{ loaderData: { shell: jsonText({ siteName: "Lagoon Pools" }) } }];
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
