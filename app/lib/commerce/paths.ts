// Where the shop's products and collections live on this site.

export function productPath(handle: string): string {
  return `/store/products/${encodeURIComponent(handle)}`;
}

export function collectionPath(idOrHandle: string): string {
  return `/store/collections/${encodeURIComponent(idOrHandle)}`;
}
