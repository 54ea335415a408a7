import { prerender } from "react-dom/static";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProductVariant } from "../../lib/commerce/types";
import { jsonText } from "../../lib/json-text";
import { ProductForm } from "./product-form";

const variant: ProductVariant = {
  id: "gid://shopify/ProductVariant/47100089",
  title: "200k BTU",
  sku: "RAY-200",
  inventoryQuantity: 2,
  availableForSale: true,
  currentlyNotInStock: false,
  price: { amount: "4299.00", currencyCode: "AUD" },
  compareAtPrice: null,
  selectedOptions: [{ name: "Size", value: "200k BTU" }],
  image: null,
};

// The server's HTML: what a shopper without JavaScript gets, and what the cart's action reads.
// prerender waits for the lazily loaded cart form, as the server's streaming render does; the
// form reads the layout's cart data from the root route, as in the app.
async function render(props: Partial<Parameters<typeof ProductForm>[0]> = {}): Promise<string> {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      // biome-ignore lint/correctness/noComponentHookFactories: each case renders its own stub once.
      Component: () => (
        <ProductForm
          handle="raypak-digital-gas-pool-heater"
          product={{ title: "Raypak Digital Gas Pool Heater", images: [], course: false }}
          variant={variant}
          purchasable
          maxQuantity={2}
          requestAQuote={false}
          quantityTicker={false}
          {...props}
        />
      ),
    },
  ]);
  const rootData = {
    cart: jsonText({ cart: null, unavailable: false, formKey: "form-key", notice: null }),
  };
  const { prelude } = await prerender(
    <Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: rootData } }} />,
  );
  return new Response(prelude).text();
}

const inputs = (html: string) =>
  [...html.matchAll(/<input\b[^>]*>/g)].map((match) => {
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(match[0])?.[1];
    return { type: attribute("type"), name: attribute("name"), value: attribute("value") };
  });

describe("the add-to-cart form", () => {
  it("posts intent, merchandiseId and quantity to /api/cart", async () => {
    const html = await render();
    const form = /<form\b[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/api/cart"');
    expect(inputs(html)).toEqual(
      expect.arrayContaining([
        { type: "hidden", name: "intent", value: "add" },
        { type: "hidden", name: "merchandiseId", value: "gid://shopify/ProductVariant/47100089" },
        { type: "hidden", name: "quantity", value: "1" },
      ]),
    );
  });

  it("offers a quantity field where the product has a quantity ticker", async () => {
    const html = await render({ quantityTicker: true });
    expect(inputs(html)).toContainEqual({ type: "number", name: "quantity", value: "1" });
    expect(html).toContain('max="2"');
    expect(html).toContain('aria-label="Decrease quantity"');
    expect(html).toContain('aria-label="Increase quantity"');
  });

  it("shows Add to cart, ready to use", async () => {
    const html = await render();
    const button = /<button\b[^>]*type="submit"[^>]*>([^<]*)<\/button>/.exec(html);
    expect(button?.[1]).toBe("Add to cart");
    expect(button?.[0]).not.toMatch(/\sdisabled(=|\s|>)/);
  });

  it("says Sold out for a variant that cannot be bought", async () => {
    const html = await render({ purchasable: false });
    expect(html).toMatch(/<button\b[^>]*\sdisabled=""[^>]*>Sold out<\/button>/);
  });

  it("is replaced by a quote request where the product asks for one", async () => {
    const html = await render({ requestAQuote: true });
    expect(html).not.toContain("<form");
    expect(html).toMatch(
      /<a\b[^>]*href="\/contact\?product=raypak-digital-gas-pool-heater"[^>]*>Request a quote<\/a>/,
    );
  });
});
