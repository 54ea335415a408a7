// product §6: VIP early access. The shop tags the products it releases to VIP customers first
// `vip-early-access`; until it removes the tag they are listed only on /account/vip, open only to
// VIP customers, and absent from every public list (collections and their filters, search,
// suggestions, the sitemap). Removing the tag releases the product.

export const EARLY_ACCESS_TAG = "vip-early-access";

export function isEarlyAccess(product: { tags: readonly string[] }): boolean {
  return product.tags.includes(EARLY_ACCESS_TAG);
}

/** Public lists without the products not yet released. */
export function released<Product extends { tags: readonly string[] }>(
  products: readonly Product[],
): Product[] {
  return products.filter((product) => !isEarlyAccess(product));
}

/**
 * A collection page asks for this many products more than it shows, so that leaving out the
 * early-access ones still fills it; a page whose window holds more of them comes out shorter,
 * never wrong.
 */
export const EARLY_ACCESS_ALLOWANCE = 8;
