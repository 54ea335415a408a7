import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  COMMERCIAL_CUSTOMER_NOTICE,
  COMMERCIAL_PRODUCTS_NOTICE,
  hasCommercialProducts,
} from "./checkout-notices";

// SPEC.md §8's texts for the purchase-order flow, word for word, as the shopper reads them.
const SPEC_TEXTS = [
  "Commercial Customer: As a commercial customer, you must use the purchase order process. Redirecting...",
  "Commercial Products: Your cart contains commercial-only products. Please log in to complete your purchase order.",
  "Checking Commercial Access Status...",
  "Failed to fetch commercial orders",
  "Failed to fetch order details",
];

const source = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

describe("the purchase-order flow's texts (product §8)", () => {
  it("says the checkout toasts exactly as the specification does", () => {
    const shown = [COMMERCIAL_CUSTOMER_NOTICE, COMMERCIAL_PRODUCTS_NOTICE].map(
      (notice) => `${notice.title}: ${notice.description}`,
    );
    expect(shown).toEqual(SPEC_TEXTS.slice(0, 2));
  });

  it("uses the drawer's and the endpoints' texts word for word", () => {
    expect(source("../../components/cart/cart-drawer.tsx")).toContain(SPEC_TEXTS[2]);
    const api = source("../customer/customer-api.server.ts");
    expect(api).toContain(SPEC_TEXTS[3]);
    expect(source("../customer/account.server.ts")).toContain(`"${SPEC_TEXTS[4]}"`);
  });

  it("treats a product of productType commercial, in any case, as commercial-only", () => {
    const line = (productType: string) => ({ productType }) as never;
    expect(hasCommercialProducts({ lines: [line("Pump"), line("Commercial")] })).toBe(true);
    expect(hasCommercialProducts({ lines: [line("commercial ")] })).toBe(true);
    expect(hasCommercialProducts({ lines: [line("Pump")] })).toBe(false);
  });
});
