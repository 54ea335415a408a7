/**
 * The server's store of anonymous pages (product §4 "Page cache"; decision 008), as the
 * app's webhooks purge it. Paths are the pages' own (`/store/products/pump`): a path's stored
 * variants (any query, its `.data` requests) go with it.
 */
export interface PageCachePurge {
  /** Every stored page, e.g. after content was published (it may show on any page). */
  purgeAll(): Promise<void>;
  /** The pages at these paths. */
  purgePaths(pathnames: string[]): Promise<void>;
  /** Every page whose path starts with one of these, e.g. `/store/collections/`. */
  purgeUnder(pathPrefixes: string[]): Promise<void>;
}

/**
 * What a cacheable page route declares in its `handle`: the query parameters its page reads
 * (decision 008). The page cache keys the page on these alone and renders it without the others,
 * so `?x=1`, `?x=2`… are one stored page rather than a new render each (a flood of made-up URLs
 * cannot fill the cache). A route that declares nothing is keyed on its whole query.
 */
export interface PageQueryHandle {
  pageQuery: readonly string[];
}
