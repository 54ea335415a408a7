import type { SitemapEntry } from "../content/sitemap.server";
import { CATALOG_CACHE } from "./catalog.server";
import { released } from "./early-access";
import { SITEMAP_COLLECTIONS_QUERY, SITEMAP_PRODUCTS_QUERY } from "./operations/sitemap";
import { collectionPath, productPath } from "./paths";
import type { StorefrontClient } from "./storefront.server";

/** The sitemap protocol's most URLs in one file. */
export const SITEMAP_URL_LIMIT = 50_000;

/** A shop's catalogue beyond this is not listed (200 pages of the API, far above any shop here). */
const MAX_PAGES = 200;

async function allPages<Node>(
  read: (after: string | null) => Promise<{
    nodes: Node[];
    pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  }>,
): Promise<Node[]> {
  const nodes: Node[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const connection = await read(after);
    nodes.push(...connection.nodes);
    if (!connection.pageInfo.hasNextPage || !connection.pageInfo.endCursor) break;
    after = connection.pageInfo.endCursor;
  }
  return nodes;
}

export async function loadProductSitemap(storefront: StorefrontClient): Promise<SitemapEntry[]> {
  const products = await allPages(async (after) => {
    const data = await storefront.query(SITEMAP_PRODUCTS_QUERY, {
      variables: { after },
      cache: CATALOG_CACHE,
    });
    return data.products;
  });
  return released(products).map((product) => ({
    path: productPath(product.handle),
    lastModified: new Date(product.updatedAt).toISOString(),
  }));
}

export async function loadCollectionSitemap(storefront: StorefrontClient): Promise<SitemapEntry[]> {
  const collections = await allPages(async (after) => {
    const data = await storefront.query(SITEMAP_COLLECTIONS_QUERY, {
      variables: { after },
      cache: CATALOG_CACHE,
    });
    return data.collections;
  });
  return collections.map((collection) => ({
    path: collectionPath(collection.handle),
    lastModified: new Date(collection.updatedAt).toISOString(),
  }));
}
