import { escapeHtml } from "../shared/html";
import type { CatalogProduct } from "./catalog";
import type { CollectionNode, ProductNode, ProductSearchIndex, SearchField } from "./nodes";

// Search, filtering and sorting over the in-memory catalogue, close enough to Shopify's for the
// storefront's purposes: case-insensitive word matching with light plural folding, every word
// of the query must match somewhere, and matches rank title > tags/type/vendor/SKU > body.

const FIELD_WEIGHT: Record<SearchField, number> = {
  title: 100,
  productType: 10,
  tags: 10,
  vendor: 10,
  variantSkus: 10,
  variantTitles: 10,
  body: 1,
};

export const ALL_SEARCH_FIELDS = Object.keys(FIELD_WEIGHT) as SearchField[];

function stem(word: string): string {
  return word.length > 3 && word.endsWith("s") && !/(ss|us|is)$/.test(word)
    ? word.slice(0, -1)
    : word;
}

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(stem);
}

export function indexProduct(record: CatalogProduct, descriptionText: string): ProductSearchIndex {
  const unique = (list: string[]) => [...new Set(list)];
  return {
    title: unique(words(record.title)),
    productType: unique(words(record.productType)),
    tags: unique(record.tags.flatMap(words)),
    vendor: unique(words(record.vendor)),
    variantSkus: unique(record.variants.flatMap((variant) => words(variant.sku))),
    variantTitles: unique(record.variants.flatMap((variant) => variant.options.flatMap(words))),
    body: unique(words(descriptionText)),
  };
}

function matches(fieldWords: readonly string[], term: string, prefix: boolean): boolean {
  return fieldWords.some((word) => word === term || (prefix && word.startsWith(term)));
}

export interface TextSearchOptions {
  /** Let the last word match as a prefix ("chlo" finds "chlorine"), as while typing. */
  prefixLast: boolean;
  fields?: readonly SearchField[];
}

/** 0 when some query word matches nowhere; higher is more relevant. */
export function scoreProduct(
  index: ProductSearchIndex,
  terms: readonly string[],
  options: TextSearchOptions,
): number {
  const fields = options.fields ?? ALL_SEARCH_FIELDS;
  let total = 0;
  for (const [position, term] of terms.entries()) {
    const prefix = options.prefixLast && position === terms.length - 1;
    let best = 0;
    for (const field of fields) {
      if (FIELD_WEIGHT[field] > best && matches(index[field], term, prefix)) {
        best = FIELD_WEIGHT[field];
      }
    }
    if (best === 0) return 0;
    total += best;
  }
  return total;
}

/** Products matching every word of the query, most relevant first (ties keep catalogue order). */
export function rankProducts(
  products: readonly ProductNode[],
  query: string,
  options: TextSearchOptions,
): ProductNode[] {
  const terms = words(query);
  if (terms.length === 0) return [];
  return products
    .map((product, position) => ({
      product,
      position,
      score: scoreProduct(product.search, terms, options),
    }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .map((entry) => entry.product);
}

export function rankCollections(
  collections: readonly CollectionNode[],
  query: string,
): CollectionNode[] {
  const terms = words(query);
  if (terms.length === 0) return [];
  return collections.filter((collection) => {
    const titleWords = words(collection.title);
    return terms.every((term, position) =>
      matches(titleWords, term, position === terms.length - 1),
    );
  });
}

/** Query suggestions for predictive search: tags and product types the query starts to spell. */
export function suggestQueries(
  products: readonly ProductNode[],
  query: string,
): { text: string; styledText: string }[] {
  const terms = words(query);
  if (terms.length === 0) return [];
  const popularity = new Map<string, number>();
  for (const product of products) {
    for (const phrase of new Set(
      [...product.tags, product.productType].map((p) => p.toLowerCase()),
    )) {
      popularity.set(phrase, (popularity.get(phrase) ?? 0) + 1);
    }
  }
  const typed = query.trim().toLowerCase();
  return [...popularity.entries()]
    .filter(([phrase]) => {
      const phraseWords = words(phrase);
      return terms.every((term, position) =>
        matches(phraseWords, term, position === terms.length - 1),
      );
    })
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([text]) => ({
      text,
      styledText: text.startsWith(typed)
        ? `<mark>${escapeHtml(text.slice(0, typed.length))}</mark>${escapeHtml(text.slice(typed.length))}`
        : escapeHtml(text),
    }));
}

// --- filters (`ProductFilter`): values of one kind are ORed, kinds are ANDed, as on Shopify.

export interface ProductFilterInput {
  available?: boolean | null;
  tag?: string | null;
  productType?: string | null;
  productVendor?: string | null;
  price?: { min?: number | null; max?: number | null } | null;
  variantOption?: { name: string; value: string } | null;
  productMetafield?: { namespace: string; key: string; value: string } | null;
}

const same = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "accent" }) === 0;

function filterGroup(
  filter: ProductFilterInput,
): [string, (p: ProductNode) => boolean] | undefined {
  const { available, tag, productType, productVendor, price, variantOption, productMetafield } =
    filter;
  if (available != null) return ["available", (p) => p.availableForSale === available];
  if (tag != null) return ["tag", (p) => p.tags.some((t) => same(t, tag))];
  if (productType != null) return ["productType", (p) => same(p.productType, productType)];
  if (productVendor != null) return ["productVendor", (p) => same(p.vendor, productVendor)];
  if (price != null) {
    const min = price.min ?? 0;
    const max = price.max ?? Number.POSITIVE_INFINITY;
    return [
      "price",
      (p) => p.variants.some((v) => Number(v.price.amount) >= min && Number(v.price.amount) <= max),
    ];
  }
  if (variantOption != null) {
    return [
      `variantOption:${variantOption.name.toLowerCase()}`,
      (p) =>
        p.variants.some((v) =>
          v.selectedOptions.some(
            (o) => same(o.name, variantOption.name) && same(o.value, variantOption.value),
          ),
        ),
    ];
  }
  if (productMetafield != null) {
    const { namespace, key, value } = productMetafield;
    return [
      `metafield:${namespace}.${key}`,
      (p) =>
        p.metafieldList.some(
          (m) => m.namespace === namespace && m.key === key && m.value === value,
        ),
    ];
  }
  return undefined;
}

export function filterProducts(
  products: readonly ProductNode[],
  filters: readonly ProductFilterInput[] | null | undefined,
): ProductNode[] {
  const groups = new Map<string, ((p: ProductNode) => boolean)[]>();
  for (const filter of filters ?? []) {
    const group = filterGroup(filter);
    if (!group) continue;
    groups.set(group[0], [...(groups.get(group[0]) ?? []), group[1]]);
  }
  const tests = [...groups.values()];
  return products.filter((product) => tests.every((any) => any.some((test) => test(product))));
}

// --- sorting

const compareBy: Record<string, (a: ProductNode, b: ProductNode) => number> = {
  BEST_SELLING: (a, b) => b.unitsSold - a.unitsSold,
  CREATED: (a, b) => a.createdAt.localeCompare(b.createdAt),
  CREATED_AT: (a, b) => a.createdAt.localeCompare(b.createdAt),
  UPDATED_AT: (a, b) => a.updatedAt.localeCompare(b.updatedAt),
  ID: (a, b) => a.numericId - b.numericId,
  PRICE: (a, b) => a.minPrice - b.minPrice,
  TITLE: (a, b) => a.title.localeCompare(b.title, "en"),
  PRODUCT_TYPE: (a, b) => a.productType.localeCompare(b.productType, "en"),
  VENDOR: (a, b) => a.vendor.localeCompare(b.vendor, "en"),
};

/** Sort keys without a comparator (COLLECTION_DEFAULT, MANUAL, RELEVANCE) keep the given order. */
export function sortProducts(
  products: readonly ProductNode[],
  sortKey: string | null | undefined,
  reverse: boolean | null | undefined,
): ProductNode[] {
  const compare = sortKey ? compareBy[sortKey] : undefined;
  const sorted = products
    .map((product, position) => ({ product, position }))
    .sort((a, b) => (compare ? compare(a.product, b.product) : 0) || a.position - b.position)
    .map((entry) => entry.product);
  return reverse ? sorted.reverse() : sorted;
}

// --- `products(query:)`: the subset of Shopify's search syntax a storefront uses.

export function queryProducts(products: readonly ProductNode[], query: string): ProductNode[] {
  const tokens = query.match(/-?\w+:(?:"[^"]*"|'[^']*'|\S+)|"[^"]*"|\S+/g) ?? [];
  const tests: ((p: ProductNode) => boolean)[] = [];
  const freeText: string[] = [];
  for (const token of tokens) {
    const fieldMatch = /^(-?)(\w+):(.*)$/.exec(token);
    if (!fieldMatch) {
      if (!/^(AND|OR|NOT)$/.test(token)) freeText.push(token.replace(/^"|"$/g, ""));
      continue;
    }
    const [, negation, field = "", rawValue = ""] = fieldMatch;
    const value = rawValue.replace(/^["']|["']$/g, "");
    const wildcard = value.endsWith("*");
    const needle = value.replace(/\*$/, "").toLowerCase();
    const text = (candidate: string) =>
      wildcard ? candidate.toLowerCase().startsWith(needle) : same(candidate, needle);
    let test: ((p: ProductNode) => boolean) | undefined;
    switch (field) {
      case "title":
        test = (p) => p.title.toLowerCase().includes(needle);
        break;
      case "tag":
        test = (p) => p.tags.some(text);
        break;
      case "tag_not":
        test = (p) => !p.tags.some(text);
        break;
      case "product_type":
        test = (p) => text(p.productType);
        break;
      case "vendor":
        test = (p) => text(p.vendor);
        break;
      case "handle":
        test = (p) => text(p.handle);
        break;
      case "sku":
        test = (p) => p.variants.some((v) => text(v.sku));
        break;
      case "available_for_sale":
        test = (p) => p.availableForSale === (needle === "true");
        break;
      default:
        freeText.push(value);
    }
    if (test) {
      const positive = test;
      tests.push(negation ? (p) => !positive(p) : positive);
    }
  }
  const filtered = products.filter((product) => tests.every((test) => test(product)));
  const text = freeText.join(" ");
  return words(text).length ? rankProducts(filtered, text, { prefixLast: false }) : filtered;
}
