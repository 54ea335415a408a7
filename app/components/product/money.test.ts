import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatWithIntl } from "../../lib/commerce/money";
import { formatMoney, isDiscounted, isRange, priceLabel } from "./money";

const aud = (amount: string) => ({ amount, currencyCode: "AUD" });

describe("formatMoney", () => {
  it("shows dollars with two decimals (product §9)", () => {
    expect(formatMoney(aud("19.9"))).toBe("$19.90");
    expect(formatMoney(aud("1249"))).toBe("$1,249.00");
    expect(formatMoney(aud("0"))).toBe("$0.00");
  });

  it("rounds to cents", () => {
    expect(formatMoney(aud("10.005"))).toMatch(/^\$10\.0[01]$/);
  });

  it("writes the shop's currency as Intl writes it in en-AU", () => {
    const amounts = fc.oneof(
      fc.bigInt({ min: 0n, max: 999_999_999_999_999n }).map(String),
      fc
        .tuple(fc.nat({ max: 99_999_999 }), fc.stringMatching(/^\d{1,2}$/))
        .map(([dollars, cents]) => `${dollars}.${cents}`),
      fc.stringMatching(/^0{0,3}\d{1,6}(\.\d{1,2})?$/),
    );
    fc.assert(
      fc.property(amounts, (amount) => {
        expect(formatMoney(aud(amount))).toBe(formatWithIntl(aud(amount)));
      }),
      { numRuns: 2000 },
    );
  });

  it("leaves other currencies, negative amounts and fractions of a cent to Intl", () => {
    expect(formatMoney({ amount: "1249.5", currencyCode: "EUR" })).toBe("€1,249.50");
    expect(formatMoney(aud("-12.5"))).toBe("-$12.50");
    expect(formatMoney(aud("1249.999"))).toBe("$1,250.00");
  });
});

describe("prices", () => {
  it("knows a range from a single price", () => {
    expect(isRange({ min: aud("10.00"), max: aud("10.0") })).toBe(false);
    expect(isRange({ min: aud("10.00"), max: aud("12.00") })).toBe(true);
  });

  it("treats a compare-at price as a discount only when it is higher", () => {
    expect(isDiscounted(aud("80.00"), aud("100.00"))).toBe(true);
    expect(isDiscounted(aud("80.00"), aud("80.00"))).toBe(false);
    expect(isDiscounted(aud("80.00"), null)).toBe(false);
  });
});

describe("price labels", () => {
  it("give one price, or “From” the lowest when variants differ", () => {
    expect(priceLabel({ min: aud("49.95"), max: aud("49.95") })).toBe("$49.95");
    expect(priceLabel({ min: aud("49.95"), max: aud("89.95") })).toBe("From $49.95");
  });
});
