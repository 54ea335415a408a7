import { describe, expect, it } from "vitest";
import { requestContextFor } from "../../../tests/support/request-context";
import { StorefrontError } from "../commerce/storefront.server";
import type { Product } from "../commerce/types";
import type { Course } from "../content/courses.server";
import { loadCourseBooking } from "./course-booking.server";

const aud = (amount: string) => ({ amount, currencyCode: "AUD" });

const plantRoom = {
  handle: "commercial-pool-plant-room-training-gold-coast",
  title: "Commercial Pool Plant Room Training – Gold Coast",
  productType: "Local Course",
  tags: ["course", "local"],
  images: [],
  options: [{ id: "o1", name: "Session", values: ["21 April 2027", "23 June 2027"] }],
  variants: ["21 April 2027", "23 June 2027"].map((value, index) => ({
    id: `gid://shopify/ProductVariant/4710024${index + 1}`,
    title: value,
    sku: null,
    inventoryQuantity: index === 0 ? 2 : 10,
    availableForSale: true,
    currentlyNotInStock: false,
    price: aud("590.00"),
    compareAtPrice: null,
    selectedOptions: [{ name: "Session", value }],
    image: null,
  })),
  descriptionHtml: "",
  description: "",
  seo: { title: null, description: null },
  collection: null,
  downloads: [],
  directions: [],
  requestAQuote: false,
  quantityTicker: false,
} as unknown as Product;

const course = {
  productHandle: plantRoom.handle,
  sessions: [
    {
      date: "2027-04-21",
      dateLabel: "21 April 2027",
      time: "8:00am – 4:00pm",
      location: "Burleigh",
    },
  ],
} as Course;

function contextWith(getProduct: (handle: string) => Promise<Product | null>) {
  const services = {
    catalog: () => ({ getProduct }),
    config: { publicUrl: "https://shop.example" },
    logger: { warn() {} },
  };
  return requestContextFor(services as never, { buyerIp: "127.0.0.1" });
}

describe("a course page's booking", () => {
  it("offers the product's upcoming sessions with seats, time and place", async () => {
    const booking = await loadCourseBooking(
      contextWith(async () => plantRoom),
      course,
      "47100242",
      "2026-11-23",
    );
    expect(booking.open).toBe(true);
    if (!booking.open) return;
    expect(booking.variant?.title).toBe("23 June 2027");
    expect(booking.product.course).toBe(true);
    expect(booking.sessions).toMatchObject([
      { label: "21 April 2027", seatsLeft: 2, time: "8:00am – 4:00pm", location: "Burleigh" },
      { label: "23 June 2027", seatsLeft: 10, time: "", location: "" },
    ]);
  });

  it("is not open when the catalogue has no such product, no handle, or no session left", async () => {
    const missing = contextWith(async () => null);
    expect(await loadCourseBooking(missing, course, null)).toEqual({ open: false });
    const noHandle = { ...course, productHandle: null };
    expect(
      await loadCourseBooking(
        contextWith(async () => plantRoom),
        noHandle,
        null,
      ),
    ).toEqual({
      open: false,
    });
    const later = contextWith(async () => plantRoom);
    expect(await loadCourseBooking(later, course, null, "2027-06-24")).toEqual({ open: false });
  });

  it("turns a failing storefront into the error page's status", async () => {
    const failing = contextWith(async () => {
      throw new StorefrontError("unavailable", { status: 503 });
    });
    await expect(loadCourseBooking(failing, course, null)).rejects.toMatchObject({
      init: { status: 503 },
    });
  });
});
