import type { GraphQLSchema } from "graphql";
import { paginateInOrder } from "../../shared/connection";
import type { ProductNode, VariantNode } from "../nodes";
import { queryProducts, sortProducts } from "../search";
import { pageArgs, resolver, truncate } from "./context";

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

export function installProductResolvers(schema: GraphQLSchema): void {
  installProductQueries(schema);
  installProductFields(schema);
}

function installProductQueries(schema: GraphQLSchema): void {
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
}

function installProductFields(schema: GraphQLSchema): void {
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
  resolver<VariantNode>(schema, "ProductVariant", "image", (variant) =>
    variant.imageIndex === undefined ? null : (variant.product.images[variant.imageIndex] ?? null),
  );
}
