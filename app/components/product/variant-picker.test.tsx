import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProductVariant } from "../../lib/commerce/types";
import {
  findVariantById,
  optionChoices,
  toOptionLinks,
} from "../../lib/commerce/variant-selection";
import { VariantPicker } from "./variant-picker";

const variant = (
  id: number,
  gas: string,
  output: string,
  availableForSale = true,
): ProductVariant => ({
  id: `gid://shopify/ProductVariant/${id}`,
  title: `${gas} / ${output}`,
  sku: null,
  inventoryQuantity: null,
  availableForSale,
  currentlyNotInStock: false,
  price: { amount: "1.00", currencyCode: "AUD" },
  compareAtPrice: null,
  selectedOptions: [
    { name: "Gas", value: gas },
    { name: "Output", value: output },
  ],
  image: null,
});

const heater = {
  options: [
    { id: "1", name: "Gas", values: ["Natural gas", "LPG"] },
    { id: "2", name: "Output", values: ["200 MJ", "300 MJ"] },
  ],
  variants: [
    variant(89, "Natural gas", "200 MJ"),
    variant(90, "Natural gas", "300 MJ"),
    variant(91, "LPG", "200 MJ"),
    variant(92, "LPG", "300 MJ", false),
  ],
};

function render(selectedId: string): string {
  const selected = findVariantById(heater, selectedId);
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={["/store/products/raypak"]}>
      <VariantPicker options={toOptionLinks(optionChoices(heater, selected))} />
    </MemoryRouter>,
  );
}

const links = (html: string) =>
  [...html.matchAll(/<a\b([^>]*)>(.*?)<\/a>/g)].map(([, attributes = "", inner = ""]) => ({
    href: /href="([^"]*)"/.exec(attributes)?.[1],
    current: attributes.includes('aria-current="true"'),
    text: inner.replace(/<[^>]+>/g, ""),
  }));

describe("the option picker", () => {
  it("makes every value a link to its variant, marking the chosen ones", () => {
    expect(links(render("91"))).toEqual([
      { href: "/store/products/raypak?variant=89", current: false, text: "Natural gas" },
      { href: "/store/products/raypak?variant=91", current: true, text: "LPG" },
      { href: "/store/products/raypak?variant=91", current: true, text: "200 MJ" },
      { href: "/store/products/raypak?variant=92", current: false, text: "300 MJ (sold out)" },
    ]);
  });

  it("names each option with the value chosen", () => {
    const html = render("90");
    expect(html).toMatch(/<legend[^>]*>Gas<span[^>]*>: Natural gas<\/span><\/legend>/);
    expect(html).toMatch(/<legend[^>]*>Output<span[^>]*>: 300 MJ<\/span><\/legend>/);
  });
});
