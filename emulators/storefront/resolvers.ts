import {
  type GraphQLFieldResolver,
  GraphQLInterfaceType,
  type GraphQLSchema,
  isObjectType,
} from "graphql";
import { type ConnectionArgs, paginateInOrder } from "../shared/connection";
import type {
  CollectionNode,
  FileNode,
  ImageNode,
  MetafieldNode,
  ProductNode,
  SearchField,
  VariantNode,
} from "./nodes";
import {
  filterProducts,
  type ProductFilterInput,
  queryProducts,
  rankCollections,
  rankProducts,
  sortProducts,
  suggestQueries,
} from "./search";
import type { StorefrontStore } from "./store";

export interface StorefrontContext {
  store: StorefrontStore;
  /** Absolute URL of something the emulator serves, e.g. "images/products/x/1.svg". */
  assetUrl(path: string): string;
}

// biome-ignore lint/suspicious/noExplicitAny: arguments arrive as graphql-js coerced them
type Args = Record<string, any>;
type Resolver<TSource> = GraphQLFieldResolver<TSource, StorefrontContext, Args>;

export function resolver<TSource>(
  schema: GraphQLSchema,
  typeName: string,
  fieldName: string,
  resolve: Resolver<TSource>,
): void {
  const type = schema.getType(typeName);
  const field = isObjectType(type) ? type.getFields()[fieldName] : undefined;
  if (!field) throw new Error(`The Storefront schema has no field ${typeName}.${fieldName}`);
  field.resolve = resolve as GraphQLFieldResolver<unknown, unknown>;
}

const pageArgs = ({ first, after, last, before }: Args): ConnectionArgs => ({
  first,
  after,
  last,
  before,
});

function truncate(text: string, truncateAt: number | null | undefined): string {
  return truncateAt && text.length > truncateAt ? `${text.slice(0, truncateAt)}...` : text;
}

function matchesOptions(
  variant: VariantNode,
  selected: { name: string; value: string }[],
  options: { caseInsensitive: boolean; ignoreUnknown: boolean },
): boolean {
  const equal = (a: string, b: string) =>
    options.caseInsensitive ? a.toLowerCase() === b.toLowerCase() : a === b;
  return selected.every((wanted) => {
    const option = variant.selectedOptions.find((o) => equal(o.name, wanted.name));
    return option ? equal(option.value, wanted.value) : options.ignoreUnknown;
  });
}

// Shopify's default fields for predictive search (its `searchableFields` documentation).
const PREDICTIVE_DEFAULT_FIELDS: SearchField[] = [
  "title",
  "productType",
  "variantTitles",
  "vendor",
];
const SEARCHABLE_FIELD: Record<string, SearchField | undefined> = {
  TITLE: "title",
  PRODUCT_TYPE: "productType",
  TAG: "tags",
  VENDOR: "vendor",
  BODY: "body",
  VARIANTS_SKU: "variantSkus",
  VARIANTS_TITLE: "variantTitles",
};
// Shopify: predictiveSearch's limit runs from 1 to 10 and defaults to 10.
const PREDICTIVE_MAX_LIMIT = 10;

/** Sold-out products last (Shopify's default), hidden, or left where relevance put them. */
function placeUnavailable(products: ProductNode[], mode: string | null | undefined) {
  if (mode === "SHOW") return products;
  const available = products.filter((product) => product.availableForSale);
  if (mode === "HIDE") return available;
  return [...available, ...products.filter((product) => !product.availableForSale)];
}

export function installCatalogResolvers(schema: GraphQLSchema): void {
  // --- QueryRoot
  resolver<unknown>(schema, "QueryRoot", "shop", (_root, _args, { store }) => store.catalog.shop);

  // One market: Australia, in English, in the shop's currency.
  resolver<unknown>(schema, "QueryRoot", "localization", (_root, _args, { store }) => {
    const english = { isoCode: "EN", name: "English", endonymName: "English" };
    const currencyCode = store.catalog.shop.paymentSettings.currencyCode;
    const australia = {
      isoCode: "AU",
      name: "Australia",
      unitSystem: "METRIC_SYSTEM",
      currency: { isoCode: currencyCode, name: "Australian Dollar", symbol: "$" },
      defaultLanguage: english,
      availableLanguages: [english],
    };
    return {
      country: australia,
      language: english,
      availableCountries: [australia],
      availableLanguages: [english],
    };
  });

  resolver<unknown>(schema, "QueryRoot", "product", (_root, { id, handle }, { store }) => {
    const product = id ? store.catalog.node(id) : store.catalog.productByHandle(handle ?? "");
    return product?.__typename === "Product" ? product : null;
  });

  resolver<unknown>(schema, "QueryRoot", "products", (_root, args, { store }) => {
    const { query, sortKey, reverse } = args;
    const matching = query ? queryProducts(store.catalog.products, query) : store.catalog.products;
    // RELEVANCE keeps the ranking queryProducts made.
    const sorted = sortProducts(matching, sortKey === "RELEVANCE" ? null : sortKey, reverse);
    return paginateInOrder(sorted, pageArgs(args), (product) => product.numericId);
  });

  resolver<unknown>(schema, "QueryRoot", "collection", (_root, { id, handle }, { store }) => {
    const collection = id ? store.catalog.node(id) : store.catalog.collectionByHandle(handle ?? "");
    return collection?.__typename === "Collection" ? collection : null;
  });

  resolver<unknown>(schema, "QueryRoot", "collections", (_root, args, { store }) => {
    const { query, sortKey, reverse } = args;
    let collections = [...store.catalog.collections];
    if (query) collections = rankCollections(collections, query);
    if (sortKey === "TITLE") collections.sort((a, b) => a.title.localeCompare(b.title, "en"));
    if (sortKey === "UPDATED_AT")
      collections.sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
    if (sortKey === "ID" || !sortKey) collections.sort((a, b) => a.numericId - b.numericId);
    if (reverse) collections.reverse();
    return paginateInOrder(collections, pageArgs(args), (collection) => collection.numericId);
  });

  resolver<unknown>(schema, "QueryRoot", "search", (_root, args, { store }) => {
    const { query, types, prefix, productFilters, sortKey, reverse, unavailableProducts } = args;
    const searchesProducts = !types || types.includes("PRODUCT");
    let results = searchesProducts
      ? rankProducts(store.catalog.products, query, { prefixLast: prefix === "LAST" })
      : [];
    results = filterProducts(results, productFilters as ProductFilterInput[] | undefined);
    results = sortKey === "PRICE" ? sortProducts(results, "PRICE", reverse) : results;
    if (sortKey !== "PRICE" && reverse) results.reverse();
    results = placeUnavailable(results, unavailableProducts);
    return paginateInOrder(results, pageArgs(args), (product) => product.numericId);
  });

  resolver<unknown>(schema, "QueryRoot", "predictiveSearch", (_root, args, { store }) => {
    const { query, limit, limitScope, types, searchableFields, unavailableProducts } = args;
    const max = Math.min(Math.max(limit ?? PREDICTIVE_MAX_LIMIT, 1), PREDICTIVE_MAX_LIMIT);
    const wanted = (type: string) => !types || types.includes(type);
    const fields = searchableFields
      ? (searchableFields as string[]).flatMap((name) => SEARCHABLE_FIELD[name] ?? [])
      : PREDICTIVE_DEFAULT_FIELDS;
    const products = wanted("PRODUCT")
      ? placeUnavailable(
          rankProducts(store.catalog.products, query, { prefixLast: true, fields }),
          unavailableProducts,
        )
      : [];
    const collections = wanted("COLLECTION")
      ? rankCollections(store.catalog.collections, query)
      : [];
    const queries = wanted("QUERY") ? suggestQueries(store.catalog.products, query) : [];
    if (limitScope === "EACH") {
      return {
        products: products.slice(0, max),
        collections: collections.slice(0, max),
        queries: queries.slice(0, max),
        pages: [],
        articles: [],
      };
    }
    // ALL (the default): one budget across types, products first.
    let budget = max;
    const take = <T>(list: T[]) => {
      const taken = list.slice(0, budget);
      budget -= taken.length;
      return taken;
    };
    return {
      products: take(products),
      collections: take(collections),
      queries: take(queries),
      pages: [],
      articles: [],
    };
  });

  resolver<unknown>(
    schema,
    "QueryRoot",
    "node",
    (_root, { id }, { store }) => store.catalog.node(id) ?? null,
  );
  resolver<unknown>(schema, "QueryRoot", "nodes", (_root, { ids }, { store }) =>
    (ids as string[]).map((id) => store.catalog.node(id) ?? null),
  );

  const distinct = (values: string[]) =>
    [...new Set(values)].sort((a, b) => a.localeCompare(b, "en"));
  resolver<unknown>(schema, "QueryRoot", "productTags", (_root, args, { store }) =>
    paginateInOrder(
      distinct(store.catalog.products.flatMap((p) => p.tags)),
      pageArgs(args),
      (tag) => tag,
    ),
  );
  resolver<unknown>(schema, "QueryRoot", "productTypes", (_root, args, { store }) =>
    paginateInOrder(
      distinct(store.catalog.products.map((p) => p.productType)),
      pageArgs(args),
      (type) => type,
    ),
  );
  resolver<unknown>(
    schema,
    "QueryRoot",
    "productRecommendations",
    (_root, { productId, productHandle }, { store }) => {
      const node = productId ? store.catalog.node(productId) : undefined;
      const product =
        node?.__typename === "Product" ? node : store.catalog.productByHandle(productHandle ?? "");
      if (!product) return null;
      const related = product.collectionList.flatMap((collection) => collection.productList);
      return [...new Set(related)].filter((other) => other !== product).slice(0, 10);
    },
  );

  // --- Product
  resolver<ProductNode>(schema, "Product", "description", (product, { truncateAt }) =>
    truncate(product.descriptionText, truncateAt),
  );
  resolver<ProductNode>(schema, "Product", "images", (product, args) =>
    paginateInOrder(
      args.reverse ? [...product.images].reverse() : product.images,
      pageArgs(args),
      (image) => image.id,
    ),
  );
  resolver<ProductNode>(schema, "Product", "featuredImage", (product) => product.images[0] ?? null);
  resolver<ProductNode>(schema, "Product", "variants", (product, args) =>
    paginateInOrder(
      args.reverse ? [...product.variants].reverse() : product.variants,
      pageArgs(args),
      (variant) => variant.id,
    ),
  );
  resolver<ProductNode>(schema, "Product", "variantsCount", (product) => ({
    count: product.variants.length,
    precision: "EXACT",
  }));
  resolver<ProductNode>(schema, "Product", "options", (product, { first }) =>
    first == null ? product.options : product.options.slice(0, first),
  );
  resolver<ProductNode>(schema, "Product", "collections", (product, args) =>
    paginateInOrder(product.collectionList, pageArgs(args), (collection) => collection.numericId),
  );
  resolver<ProductNode>(
    schema,
    "Product",
    "variantBySelectedOptions",
    (product, { selectedOptions, caseInsensitiveMatch, ignoreUnknownOptions }) =>
      product.variants.find((variant) =>
        matchesOptions(variant, selectedOptions, {
          caseInsensitive: Boolean(caseInsensitiveMatch),
          ignoreUnknown: Boolean(ignoreUnknownOptions),
        }),
      ) ?? null,
  );
  resolver<ProductNode>(
    schema,
    "Product",
    "selectedOrFirstAvailableVariant",
    (product, { selectedOptions, caseInsensitiveMatch, ignoreUnknownOptions }) => {
      const selected = selectedOptions?.length
        ? product.variants.find((variant) =>
            matchesOptions(variant, selectedOptions, {
              caseInsensitive: Boolean(caseInsensitiveMatch),
              ignoreUnknown: ignoreUnknownOptions !== false,
            }),
          )
        : undefined;
      return (
        selected ??
        product.variants.find((variant) => variant.availableForSale) ??
        product.variants[0] ??
        null
      );
    },
  );

  // --- ProductVariant
  resolver<VariantNode>(schema, "ProductVariant", "image", (variant) =>
    variant.imageIndex === undefined ? null : (variant.product.images[variant.imageIndex] ?? null),
  );

  // --- Collection
  resolver<CollectionNode>(schema, "Collection", "description", (collection, { truncateAt }) =>
    truncate(collection.descriptionText, truncateAt),
  );
  resolver<CollectionNode>(schema, "Collection", "image", (collection) => collection.imageNode);
  resolver<CollectionNode>(schema, "Collection", "products", (collection, args) => {
    const { filters, sortKey, reverse } = args;
    const filtered = filterProducts(collection.productList, filters as ProductFilterInput[]);
    return paginateInOrder(
      sortProducts(filtered, sortKey ?? "COLLECTION_DEFAULT", reverse),
      pageArgs(args),
      (product) => product.numericId,
    );
  });
  // Shopify sends UnsignedInt64 as a string.
  resolver<{ totalCount: number }>(schema, "CollectionConnection", "totalCount", (connection) =>
    String(connection.totalCount ?? 0),
  );

  // --- Media and files: URLs are absolute, on whichever origin the emulator is served from.
  for (const field of ["url", "src", "originalSrc", "transformedSrc"]) {
    resolver<ImageNode>(schema, "Image", field, (image, _args, { assetUrl }) =>
      assetUrl(image.path),
    );
  }
  resolver<FileNode>(schema, "GenericFile", "url", (file, _args, { assetUrl }) =>
    assetUrl(file.path),
  );

  // --- Metafields. Resolvers are not inherited from interfaces, so every HasMetafields type
  // gets them; types without metafields in the catalogue answer null.
  const hasMetafields = schema.getType("HasMetafields");
  if (!(hasMetafields instanceof GraphQLInterfaceType)) {
    throw new Error("The Storefront schema has no HasMetafields interface");
  }
  const find = (owner: { metafieldList?: MetafieldNode[] }, namespace: unknown, key: unknown) =>
    owner.metafieldList?.find(
      (metafield) => metafield.namespace === namespace && metafield.key === key,
    ) ?? null;
  for (const type of schema.getPossibleTypes(hasMetafields)) {
    resolver<{ metafieldList?: MetafieldNode[] }>(
      schema,
      type.name,
      "metafield",
      (owner, { namespace, key }) => find(owner, namespace, key),
    );
    resolver<{ metafieldList?: MetafieldNode[] }>(
      schema,
      type.name,
      "metafields",
      (owner, { identifiers }) =>
        (identifiers as { namespace?: string; key: string }[]).map(({ namespace, key }) =>
          find(owner, namespace, key),
        ),
    );
  }
  resolver<MetafieldNode>(schema, "Metafield", "references", (metafield, args) =>
    metafield.type.startsWith("list.") && metafield.type.endsWith("_reference")
      ? paginateInOrder(metafield.files, pageArgs(args), (file) => file.id)
      : null,
  );
  resolver<MetafieldNode>(schema, "Metafield", "reference", () => null);
}
