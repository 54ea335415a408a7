/** product §8: what an empty cart says. */
export function EmptyCartText() {
  return (
    <p className="py-6 text-slate-700">Your cart is empty. There are no products in your cart.</p>
  );
}
