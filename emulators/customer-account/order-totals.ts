export function toCents(amount: string): number {
  return Math.round(Number(amount) * 100);
}

export function fromCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

// Australian prices include 10 % GST, so the tax is a share of the total, not added to it.
const GST_DIVISOR = 11;

export function orderTotals(lineItems: { price: string; quantity: number }[], shipping: string) {
  const subtotalCents = lineItems.reduce(
    (sum, line) => sum + toCents(line.price) * line.quantity,
    0,
  );
  const shippingCents = toCents(shipping);
  const totalCents = subtotalCents + shippingCents;
  return {
    subtotal: fromCents(subtotalCents),
    totalShipping: fromCents(shippingCents),
    totalTax: fromCents(Math.round(totalCents / GST_DIVISOR)),
    totalPrice: fromCents(totalCents),
  };
}
