import { describe, expect, it } from "vitest";
import type { Product, ProductVariant } from "./types";
import {
  defaultVariant,
  findVariantById,
  hasOnlyDefaultVariant,
  optionChoices,
  selectVariant,
  toOptionLinks,
  variantUrlId,
} from "./variant-selection";

const aud = (amount: string) => ({ amount, currencyCode: "AUD" });

function variant(
  id: number,
  options: Record<string, string>,
  overrides: Partial<ProductVariant> = {},
): ProductVariant {
  return {
    id: `gid://shopify/ProductVariant/${id}`,
    title: Object.values(options).join(" / "),
    sku: `SKU-${id}`,
    inventoryQuantity: 10,
    availableForSale: true,
    currentlyNotInStock: false,
    price: aud("100.00"),
    compareAtPrice: null,
    selectedOptions: Object.entries(options).map(([name, value]) => ({ name, value })),
    image: null,
    ...overrides,
  };
}

// Like the demo's Raypak heater: LPG 300 MJ is sold out, and (unlike the demo) natural gas
// 300 MJ is not made at all.
const heater: Pick<Product, "options" | "variants"> = {
  options: [
    { id: "o1", name: "Gas", values: ["Natural gas", "LPG"] },
    { id: "o2", name: "Output", values: ["200 MJ", "300 MJ"] },
  ],
  variants: [
    variant(1, { Gas: "Natural gas", Output: "200 MJ" }, { availableForSale: false }),
    variant(2, { Gas: "LPG", Output: "200 MJ" }),
    variant(3, { Gas: "LPG", Output: "300 MJ" }, { availableForSale: false }),
  ],
};

describe("the variant in the URL", () => {
  it("is named by its numeric id, and a gid is accepted too", () => {
    expect(variantUrlId("gid://shopify/ProductVariant/47100089")).toBe("47100089");
    expect(findVariantById(heater, "2")?.sku).toBe("SKU-2");
    expect(findVariantById(heater, "gid://shopify/ProductVariant/3")?.sku).toBe("SKU-3");
  });

  it("falls back to the first variant that can be bought when absent or unknown", () => {
    expect(findVariantById(heater, "999")).toBeUndefined();
    expect(selectVariant(heater, null)?.sku).toBe("SKU-2");
    expect(selectVariant(heater, "999")?.sku).toBe("SKU-2");
    expect(selectVariant(heater, "abc")?.sku).toBe("SKU-2");
  });

  it("keeps a sold-out variant the shopper chose", () => {
    expect(selectVariant(heater, "3")?.sku).toBe("SKU-3");
  });

  it("opens on the first variant when none can be bought", () => {
    const soldOut = {
      ...heater,
      variants: heater.variants.map((v) => ({ ...v, availableForSale: false })),
    };
    expect(defaultVariant(soldOut)?.sku).toBe("SKU-1");
    expect(defaultVariant({ options: [], variants: [] })).toBeUndefined();
  });
});

describe("option choices", () => {
  it("marks the selected values and leads each value to the matching combination", () => {
    const [gas, output] = optionChoices(heater, findVariantById(heater, "2"));
    expect(gas?.values.map((v) => [v.value, v.selected, v.variant?.sku])).toEqual([
      ["Natural gas", false, "SKU-1"],
      ["LPG", true, "SKU-2"],
    ]);
    expect(output?.values.map((v) => [v.value, v.selected, v.variant?.sku])).toEqual([
      ["200 MJ", true, "SKU-2"],
      ["300 MJ", false, "SKU-3"],
    ]);
  });

  it("says which combinations exist and which can be bought", () => {
    const [gas, output] = optionChoices(heater, findVariantById(heater, "2"));
    const natural = gas?.values[0];
    expect(natural).toMatchObject({ exists: true, available: false });
    const lpg300 = output?.values[1];
    expect(lpg300).toMatchObject({ exists: true, available: false });
    expect(output?.values[0]).toMatchObject({ exists: true, available: true });
  });

  it("leads a value whose combination is not sold to another variant with that value", () => {
    // From LPG 300 MJ, "Natural gas" would be natural gas 300 MJ, which does not exist.
    const [gas] = optionChoices(heater, findVariantById(heater, "3"));
    const natural = gas?.values[0];
    expect(natural).toMatchObject({ exists: false, available: false, selected: false });
    expect(natural?.variant?.sku).toBe("SKU-1");
  });

  it("prefers a variant that can be bought when jumping to another combination", () => {
    const product = {
      options: [
        { id: "o1", name: "Size", values: ["S", "L"] },
        { id: "o2", name: "Colour", values: ["Red", "Blue"] },
      ],
      variants: [
        variant(1, { Size: "S", Colour: "Red" }),
        variant(2, { Size: "L", Colour: "Blue" }, { availableForSale: false }),
        variant(3, { Size: "S", Colour: "Blue" }),
      ],
    };
    // From S/Red, "L" (L/Red) does not exist; the only L is sold out, so it is still the target.
    const [size, colour] = optionChoices(product, findVariantById(product, "1"));
    expect(size?.values[1]).toMatchObject({ exists: false });
    expect(size?.values[1]?.variant?.sku).toBe("SKU-2");
    expect(colour?.values[1]?.variant?.sku).toBe("SKU-3");
  });

  it("has no target for a value no loaded variant carries", () => {
    const product = {
      options: [{ id: "o1", name: "Size", values: ["S", "XXL"] }],
      variants: [variant(1, { Size: "S" })],
    };
    const [size] = optionChoices(product, product.variants[0]);
    expect(size?.values[1]).toMatchObject({ variant: undefined, exists: false, available: false });
  });
});

describe("products without options", () => {
  it("are recognised by Shopify's single 'Default Title' value", () => {
    expect(
      hasOnlyDefaultVariant({
        options: [{ id: "o", name: "Title", values: ["Default Title"] }],
        variants: [variant(1, { Title: "Default Title" })],
      }),
    ).toBe(true);
    expect(hasOnlyDefaultVariant(heater)).toBe(false);
  });
});

describe("option links", () => {
  it("carry the id each value's URL names, or none", () => {
    const product = {
      options: [{ id: "o1", name: "Size", values: ["S", "XXL"] }],
      variants: [variant(7, { Size: "S" })],
    };
    expect(toOptionLinks(optionChoices(product, product.variants[0]))).toEqual([
      {
        name: "Size",
        values: [
          { value: "S", selected: true, exists: true, available: true, variantId: "7" },
          { value: "XXL", selected: false, exists: false, available: false, variantId: null },
        ],
      },
    ]);
  });
});
