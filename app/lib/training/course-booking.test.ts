import { describe, expect, it } from "vitest";
import type { Product, ProductVariant } from "../commerce/types";
import { courseSessions, seatsLabel, sessionDate, withUpcomingSessions } from "./course-booking";

const aud = (amount: string) => ({ amount, currencyCode: "AUD" });

function session(id: number, value: string, overrides: Partial<ProductVariant> = {}) {
  return {
    id: `gid://shopify/ProductVariant/${id}`,
    title: value,
    sku: `TRN-${id}`,
    inventoryQuantity: 10,
    availableForSale: true,
    currentlyNotInStock: false,
    price: aud("220.00"),
    compareAtPrice: null,
    selectedOptions: [{ name: "Session", value }],
    image: null,
    ...overrides,
  } satisfies ProductVariant;
}

function course(variants: ProductVariant[]): Product {
  return {
    id: "gid://shopify/Product/9000165",
    handle: "pool-safety-and-compliance-workshop-gold-coast",
    title: "Pool Safety and Compliance Workshop – Gold Coast",
    description: "",
    descriptionHtml: "",
    vendor: "Coral Bay Training Centre",
    productType: "Local Course",
    availableForSale: true,
    totalInventory: null,
    tags: ["course"],
    createdAt: "2026-10-15T11:30:00Z",
    seo: { title: null, description: null },
    images: [],
    options: [
      {
        id: "o1",
        name: "Session",
        values: variants.map((variant) => variant.selectedOptions[0]?.value ?? ""),
      },
    ],
    variants,
    priceRange: { min: aud("220.00"), max: aud("220.00") },
    compareAtPriceRange: null,
    downloads: [],
    directions: [],
    requestAQuote: false,
    quantityTicker: false,
    collection: null,
  };
}

// Like the demo's workshop: the first session is sold out, the second nearly full.
const workshop = course([
  session(38, "13 March 2027", { inventoryQuantity: 0, availableForSale: false }),
  session(39, "8 May 2027", { inventoryQuantity: 3 }),
  session(40, "17 July 2027", { inventoryQuantity: 1 }),
]);

describe("a session's date", () => {
  it("is read from option values such as '13 March 2027'", () => {
    expect(sessionDate("13 March 2027")).toBe("2027-03-13");
    expect(sessionDate("1 august 2027")).toBe("2027-08-01");
    expect(sessionDate(" 9 May 2027 ")).toBe("2027-05-09");
  });

  it("is none for labels that are not a real date", () => {
    expect(sessionDate("Default Title")).toBeNull();
    expect(sessionDate("31 February 2027")).toBeNull();
    expect(sessionDate("13 Marchember 2027")).toBeNull();
    expect(sessionDate("2027-03-13")).toBeNull();
    expect(sessionDate("")).toBeNull();
  });
});

describe("the sessions a course page offers", () => {
  it("leaves out sessions before today, with their option values", () => {
    const offered = withUpcomingSessions(workshop, "2027-05-08");
    expect(offered?.variants.map((variant) => variant.sku)).toEqual(["TRN-39", "TRN-40"]);
    expect(offered?.options[0]?.values).toEqual(["8 May 2027", "17 July 2027"]);
  });

  it("is nothing when every session has passed", () => {
    expect(withUpcomingSessions(workshop, "2027-07-18")).toBeNull();
  });

  it("keeps a course without dated sessions: an online course starts any time", () => {
    const online = course([session(35, "Default Title", { inventoryQuantity: null })]);
    expect(withUpcomingSessions(online, "2030-01-01")?.variants).toHaveLength(1);
    expect(courseSessions(online)).toEqual([]);
  });

  it("lists each session soonest first with its seats left, sold out ones as such", () => {
    const reversed = course([...workshop.variants].reverse());
    expect(courseSessions(reversed).map((entry) => [entry.label, seatsLabel(entry)])).toEqual([
      ["13 March 2027", "Sold out"],
      ["8 May 2027", "3 seats left"],
      ["17 July 2027", "1 seat left"],
    ]);
    expect(courseSessions(workshop)[0]).toMatchObject({ variantId: "38", date: "2027-03-13" });
  });

  it("says nothing about seats that are not counted", () => {
    expect(seatsLabel({ seatsLeft: null, soldOut: false })).toBe("");
  });
});
