import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd } from "../structured-data";
import type { ContentImage } from "./fields";
import { jsonLdText, seoMeta } from "./seo";
import { articleJsonLd, buildSeo, organisationJsonLd } from "./seo.server";
import type { Shell } from "./shell.server";

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
});

describe("JSON-LD", () => {
  it("is written so that no value can close its script element", () => {
    const text = jsonLdText({ "@type": "Article", headline: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text).headline).toBe("</script><script>alert(1)</script>");
  });

  it("describes a hierarchy as a BreadcrumbList", () => {
    expect(
      breadcrumbJsonLd("https://shop.example", [
        { name: "Home", path: "/" },
        { name: "X", path: "/news/x" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://shop.example/" },
        { "@type": "ListItem", position: 2, name: "X", item: "https://shop.example/news/x" },
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
