import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ProductCard } from "./product-card";
import { imageDensitySrcSet, imageSrcSet, imageUrl, ProductImage } from "./product-image";

const PHOTO = "https://cdn.shopify.com/s/files/1/pump.jpg?v=3";
const photo = { id: null, url: PHOTO, altText: "A pump", width: 2400, height: 2400 };

describe("srcsets (product §9)", () => {
  it("gives a layout-wide image the widths 640, 828, 1200, 2048 its original can fill", () => {
    expect(imageSrcSet(photo)).toBe(
      [640, 828, 1200, 2048]
        .map((width) => `${PHOTO.replace("?v=3", `?v=3&width=${width}`)} ${width}w`)
        .join(", "),
    );
    expect(imageSrcSet({ url: PHOTO, width: null })).toMatch(/ 3840w$/);
    // A small original still gets its smallest candidate.
    expect(imageSrcSet({ url: PHOTO, width: 300 })).toBe(`${PHOTO}&width=640 640w`);
  });

  it("gives an image shown at one size 1x, 2x and 3x of that size", () => {
    expect(imageDensitySrcSet(photo, 80)).toBe(
      `${PHOTO}&width=80 1x, ${PHOTO}&width=160 2x, ${PHOTO}&width=240 3x`,
    );
    // Densities the original cannot fill are left out; 1x always stays.
    expect(imageDensitySrcSet({ url: PHOTO, width: 700 }, 320)).toBe(
      `${PHOTO}&width=320 1x, ${PHOTO}&width=640 2x`,
    );
    expect(imageDensitySrcSet({ url: PHOTO, width: 100 }, 320)).toBe(`${PHOTO}&width=320 1x`);
  });

  it("answers an image asked for again as the first time, however many came between", () => {
    const first = imageUrl(PHOTO, 640);
    expect(first).toBe(`${PHOTO}&width=640`);
    for (let n = 0; n < 12_000; n += 1) {
      expect(imageUrl(`https://cdn.shopify.com/s/files/1/other-${n}.jpg`, 640)).toBe(
        `https://cdn.shopify.com/s/files/1/other-${n}.jpg?width=640`,
      );
    }
    expect(imageUrl(PHOTO, 640)).toBe(first);
    expect(imageUrl(PHOTO, 828)).toBe(`${PHOTO}&width=828`);
    expect(imageUrl("https://cdn.shopify.com/a.jpg?width=99&v=1", 640)).toBe(
      "https://cdn.shopify.com/a.jpg?width=640&v=1",
    );
  });

  it("leaves a URL it cannot resize as it is", () => {
    expect(imageDensitySrcSet({ url: "/images/pump.svg", width: null }, 40)).toBe(
      "/images/pump.svg 1x, /images/pump.svg 2x, /images/pump.svg 3x",
    );
  });
});

describe("<ProductImage>", () => {
  it("lays out with sizes and widths, or at a fixed size with densities and no sizes", () => {
    const wide = renderToStaticMarkup(<ProductImage image={photo} sizes="100vw" />);
    expect(wide).toContain('sizes="100vw"');
    expect(wide).toContain(" 640w, ");
    const thumbnail = renderToStaticMarkup(<ProductImage image={photo} fixedWidth={80} />);
    expect(thumbnail).not.toContain("sizes=");
    expect(thumbnail).toContain(`src="${PHOTO.replace("&", "&amp;")}&amp;width=80"`);
    expect(thumbnail).toMatch(/srcSet="[^"]+ 1x, [^"]+ 2x, [^"]+ 3x"/);
  });

  it("shows a product card's image in 1x, 2x and 3x", () => {
    const price = { amount: "1099.00", currencyCode: "AUD" };
    const card = renderToStaticMarkup(
      <MemoryRouter>
        <ProductCard
          product={{
            handle: "pump",
            title: "Pump",
            vendor: "Davey",
            productType: "Pumps",
            availableForSale: true,
            requestAQuote: false,
            image: photo,
            priceRange: { min: price, max: price },
            compareAtPriceRange: null,
            quickAdd: null,
          }}
        />
      </MemoryRouter>,
    );
    const srcset = /srcSet="([^"]+)"/.exec(card)?.[1]?.replaceAll("&amp;", "&");
    expect(srcset).toBe(`${PHOTO}&width=320 1x, ${PHOTO}&width=640 2x, ${PHOTO}&width=960 3x`);
    expect(card).not.toContain("sizes=");
  });
});
